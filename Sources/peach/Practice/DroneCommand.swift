import ArgumentParser
import FoundationEssentials
import PeachAudio
import PeachDrone
import PeachHost
import PeachMetronome
import PeachText

/// `peach drone [NOTE]`: a held reference tone, live until quit, or rendered
/// to a file for scripts.
struct DroneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drone",
        abstract: localized(.helpDroneAbstract),
        discussion: localized(.helpDroneDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach drone D
              peach drone Bb2 --fifth --octave --timbre organ
              peach drone A --reference 442 --cents -3
              peach drone G3 --fifth --tuning equal --metronome 72
              peach drone A4 --wav a.wav --seconds 10
            """)

    @Argument(help: ArgumentHelp(localized(.helpDroneNote), valueName: localized(.valueNameNote)))
    var note = "A"

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpDroneCents), valueName: localized(.valueNameCents)))
    var cents: Double = 0

    @Flag(help: ArgumentHelp(localized(.helpDroneFifth)))
    var fifth = false

    @Flag(help: ArgumentHelp(localized(.helpDroneOctave)))
    var octave = false

    @Option(help: ArgumentHelp(localized(.helpDroneTuning), valueName: "just|equal"))
    var tuning = DroneSetup.Tuning.just.rawValue

    @Option(help: ArgumentHelp(localized(.helpDroneTimbre), valueName: "pure|organ"))
    var timbre = DroneTimbre.pure.rawValue

    @Option(help: ArgumentHelp(localized(.helpDroneMetronome), valueName: "bpm"))
    var metronome: Double?

    @Flag(help: ArgumentHelp(localized(.helpPlain)))
    var plain = false

    @OptionGroup var length: PracticeLength
    @OptionGroup var sound: SoundOptions

    func validate() throws {
        _ = try setup()
        _ = try DroneTimbre.parse(timbre)
        if let metronome { try checked { try MetronomeSetup(bpm: metronome).check() } }
        guard length.bars == nil else { throw ValidationError(localized(.practiceLength)) }
        try length.check(wav: sound.wav != nil)
    }

    func setup() throws -> DroneSetup {
        guard let tuning = DroneSetup.Tuning(rawValue: tuning.lowercased()) else { throw ValidationError(localized(.droneUnknownTuning, self.tuning)) }
        let setup = DroneSetup(root: try checked { try DroneSetup.note(parsing: note) }, cents: cents, reference: sound.reference(nil),
                               fifth: fifth, octave: octave, tuning: tuning)
        try checked { try setup.check() }
        return setup
    }

    func run() throws {
        let setup = try setup()
        let catalog = sound.plugins.discoverSourcesWarningOfDuplicates()
        // The sine in the chosen timbre, unless `--source` names another (a SoundFont instrument, MIDI out).
        let droneSource: SourceInstance
        if let id = sound.source {
            droneSource = try catalog.makeInstance(of: id)
            for (key, value) in try sound.optionAssignments(nil) { try droneSource.set(key, to: value) }
        } else {
            droneSource = try DroneTimbre.parse(timbre).makeSource(from: catalog)
        }
        let clickSource = try metronome.map { _ in try catalog.makeInstance(of: MetronomeCommand.clickSourceID(in: catalog)) }
        StopRequest.install()
        let offline = length.isOffline
        let output: AudioOutput = sound.wav == nil && length.json ? NullOutput(paced: false) : try sound.openOutput(pacedFile: !offline, for: droneSource)
        let rig = try PracticeRig(output: output, clickSource: clickSource, droneSource: droneSource)
        try rig.drone?.play(setup, at: 0)
        if let metronome { try rig.startMetronome(MetronomeSetup(bpm: metronome), sound: .woodblock, at: 0) }
        guard offline else {
            return try PracticeScreen(rig: rig, output: output, plain: plain, drone: setup, metronome: MetronomeSetup(bpm: metronome ?? 100),
                                      click: .woodblock, makeDroneSource: { try $0.makeSource(from: catalog) },
                                      makeClickSource: { try catalog.makeInstance(of: MetronomeCommand.clickSourceID(in: catalog)) }).run()
        }
        let frames = Int64((length.seconds! * rig.engine.format.sampleRate).rounded())
        try finishRender(rig.engine, output: output, notices: try rig.renderOffline(frames: frames))
        if length.json { print(try Self.json(setup)) }
    }

    struct Report: Encodable {
        var setup: DroneSetup
        var note: String
        var frequencies: [Double]
        var fifthCents: Double?
    }

    static func json(_ setup: DroneSetup) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let report = Report(setup: setup, note: setup.rootNote.name, frequencies: setup.frequencies, fifthCents: setup.fifth ? setup.fifthCents : nil)
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }
}
