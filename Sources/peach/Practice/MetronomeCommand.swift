import ArgumentParser
import FoundationEssentials
import PeachAudio
import PeachDrone
import PeachHost
import PeachMetronome
import PeachText

/// `peach metronome [BPM]`: clicks on the exact frames of the audio clock,
/// live with a beat to read, or rendered to a file or JSON for scripts.
struct MetronomeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "metronome",
        abstract: localized(.helpMetronomeAbstract),
        discussion: localized(.helpMetronomeDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach metronome 92 --beats 7 --group 2+2+3 --drone D
              peach metronome 120 --subdivision 3 --accents X-x-
              peach metronome --trainer 80-120/4 --count-in 1
              peach metronome 100 --mute 2:2
              peach metronome 400 --subdivision 8 --wav clicks.wav --seconds 3600
              peach metronome 90 --bars 4 --json
            """)

    @Argument(help: ArgumentHelp(localized(.helpMetronomeBPM), valueName: "bpm"))
    var bpm: Double?

    @Option(help: ArgumentHelp(localized(.helpMetronomeBeats), valueName: "n"))
    var beats = 4

    @Option(help: ArgumentHelp(localized(.helpMetronomeSubdivision), valueName: "n"))
    var subdivision = 1

    @Option(help: ArgumentHelp(localized(.helpMetronomeGroup), valueName: "2+2+3"))
    var group: String?

    @Option(help: ArgumentHelp(localized(.helpMetronomeAccents), valueName: "X-x-"))
    var accents: String?

    @Option(name: .customLong("count-in"), help: ArgumentHelp(localized(.helpMetronomeCountIn), valueName: "bars"))
    var countIn = 0

    @Option(help: ArgumentHelp(localized(.helpMetronomeTrainer), valueName: "80-120/4"))
    var trainer: String?

    @Option(help: ArgumentHelp(localized(.helpMetronomeMute), valueName: "2:2"))
    var mute: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpMetronomeDrop), valueName: "percent"))
    var drop: Double = 0

    @Option(help: ArgumentHelp(localized(.helpMetronomeSeed), valueName: "n"))
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp(localized(.helpMetronomeClick), valueName: "sound"))
    var click = ClickSound.woodblock.name

    @Flag(help: ArgumentHelp(localized(.helpMetronomeSilent)))
    var silent = false

    @Option(help: ArgumentHelp(localized(.helpMetronomeDrone), valueName: localized(.valueNameNote)))
    var drone: String?

    @Flag(help: ArgumentHelp(localized(.helpPlain)))
    var plain = false

    @OptionGroup var length: PracticeLength
    @OptionGroup var sound: SoundOptions

    /// The built-in clicks, unless `--source` names another source (a SoundFont kit, MIDI out to a drum machine);
    /// where the clicks plugin is not installed, short sine beeps at the click keys' pitches.
    static func clickSourceID(in catalog: SourceCatalog) -> String {
        catalog.sources.contains { $0.descriptor.id == "org.peach.click" } ? "org.peach.click" : SourceCatalog.defaultSourceID
    }

    func validate() throws {
        _ = try setup()
        _ = try clickSound()
        if let drone { _ = try checked { try DroneSetup.note(parsing: drone) } }
        try length.check(wav: sound.wav != nil)
    }

    /// The setup the options describe, checked.
    func setup() throws -> MetronomeSetup {
        try checked {
            let trainer = try trainer.map { text throws(MetronomeSetupError) in try TempoTrainer.parse(text) }
            let setup = MetronomeSetup(
                bpm: bpm ?? trainer?.from ?? 100, beatsPerBar: beats, subdivision: subdivision,
                grouping: try group.map { text throws(MetronomeSetupError) in try BeatGrouping.parse(text) },
                accents: try accents.map { text throws(MetronomeSetupError) in try AccentLevel.parse(pattern: text) },
                countInBars: countIn, trainer: trainer, mutedBars: try mute.map { text throws(MetronomeSetupError) in try MutedBars.parse(text) },
                silentBeatChance: drop / 100, seed: seed)
            try setup.check()
            return setup
        }
    }

    func clickSound() throws -> ClickSound {
        guard let sound = ClickSound.named(click) else {
            throw ValidationError(localized(.metronomeUnknownClick, click, ClickSound.all.map(\.name).joined(separator: ", ")))
        }
        return sound
    }

    func run() throws {
        let setup = try setup()
        let catalog = sound.plugins.discoverSourcesWarningOfDuplicates()
        let clickSource = try catalog.makeInstance(of: sound.source ?? Self.clickSourceID(in: catalog))
        for (key, value) in try sound.optionAssignments(nil) { try clickSource.set(key, to: value) }
        let droneSetup = try drone.map { text in DroneSetup(root: try checked { try DroneSetup.note(parsing: text) }, reference: sound.reference(nil)) }
        let droneSource = try droneSetup.map { _ in try DroneTimbre.pure.makeSource(from: catalog) }
        StopRequest.install()
        let offline = length.isOffline
        let output: AudioOutput = sound.wav == nil && length.json ? NullOutput(paced: false) : try sound.openOutput(pacedFile: !offline, for: clickSource)
        let rig = try PracticeRig(output: output, clickSource: clickSource, droneSource: droneSource)
        try rig.startMetronome(setup, sound: try clickSound(), at: 0)
        rig.metronome?.audible = !silent
        if let droneSetup { try rig.drone?.play(droneSetup, at: 0) }
        guard offline else {
            return try PracticeScreen(rig: rig, output: output, plain: plain, drone: droneSetup ?? DroneSetup(root: MIDINote(number: 50)!, reference: sound.reference(nil)),
                                      metronome: setup, click: try clickSound(),
                                      makeDroneSource: { try $0.makeSource(from: catalog) },
                                      makeClickSource: { try catalog.makeInstance(of: Self.clickSourceID(in: catalog)) }).run()
        }
        rig.keepsClicks = length.json
        let frames = length.bars.map { bars in
            rig.metronome!.timeline.frame(beat: Int64((setup.countInBars + bars) * setup.beatsPerBar))
        } ?? Int64((length.seconds! * rig.engine.format.sampleRate).rounded())
        try finishRender(rig.engine, output: output, notices: try rig.renderOffline(frames: frames))
        if length.json { print(try Self.json(setup, sound: try clickSound(), sampleRate: rig.engine.format.sampleRate, clicks: rig.clicks)) }
    }

    struct Report: Encodable {
        var setup: MetronomeSetup
        var click: String
        var sampleRate: Double
        var clicks: [Click]
    }

    static func json(_ setup: MetronomeSetup, sound: ClickSound, sampleRate: Double, clicks: [Click]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(Report(setup: setup, click: sound.name, sampleRate: sampleRate, clicks: clicks)), as: UTF8.self)
    }
}
