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
              peach drone D3 --fifth --timbre organ --save cello
              peach drone --preset cello --cents -2
            """)

    @Argument(help: ArgumentHelp(localized(.helpDroneNote), valueName: localized(.valueNameNote)))
    var note: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpDroneCents), valueName: localized(.valueNameCents)), transform: NumberArgument.cents.transform)
    var cents: Double?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(localized(.helpDroneFifth)))
    var fifth: Bool?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(localized(.helpDroneOctave)))
    var octave: Bool?

    @Option(help: ArgumentHelp(localized(.helpDroneTuning), valueName: "just|equal"), completion: .list(DroneSetup.Tuning.allCases.map(\.rawValue)))
    var tuning: String?

    @Option(help: ArgumentHelp(localized(.helpDroneTimbre), valueName: "pure|organ"), completion: .list(DroneTimbre.allCases.map(\.rawValue)))
    var timbre: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpDroneMetronome), valueName: "bpm"), transform: NumberArgument.tempo.transform)
    var metronome: Double?

    @Flag(help: ArgumentHelp(localized(.helpPracticePlain)))
    var plain = false

    @OptionGroup var length: PracticeLength
    @OptionGroup var presets: PresetOptions
    @OptionGroup var sound: SoundOptions

    func validate() throws {
        _ = try saved(from: nil, reference: Pitch.standardReference)
        if let metronome { try checked { try MetronomeSetup(bpm: metronome).check() } }
        guard length.bars == nil else { throw ValidationError(localized(.droneHasNoBars)) }
        guard timbre == nil || sound.source == nil else { throw ValidationError(localized(.droneTimbreOrSource)) }
        // Listing or forgetting presets renders nothing: it needs no length.
        guard !presets.onlyManages else { return }
        try length.check(wav: sound.output.wav != nil, bars: false)
        try sound.output.checkStandardOutput(isUsedBy: length.standardOutputUser)
    }

    /// `base` (a preset, the last setup, or A3 for nil at `reference`) changed by the options given, checked.
    func saved(from base: SavedDrone?, reference: Double) throws -> SavedDrone {
        var saved = base ?? SavedDrone(setup: DroneSetup(root: MIDINote(number: 57)!, reference: reference), timbre: .pure)
        if let note { try checked { try saved.setup.setRoot(parsing: note) } }
        if let cents { saved.setup.cents = cents }
        if let fifth { saved.setup.fifth = fifth }
        if let octave { saved.setup.octave = octave }
        if let tuning { saved.setup.tuning = try Self.tuning(parsing: tuning) }
        if let reference = sound.reference { saved.setup.reference = reference }
        if let timbre { saved.timbre = try DroneTimbre.parse(timbre) }
        if let metronome { saved.metronome = metronome }
        try checked { try saved.setup.check() }
        return saved
    }

    /// `just` or `equal`, in any case.
    static func tuning(parsing text: String) throws -> DroneSetup.Tuning {
        guard let tuning = DroneSetup.Tuning(rawValue: text.lowercased()) else { throw ValidationError(localized(.droneUnknownTuning, text)) }
        return tuning
    }

    func run() throws {
        let live = !length.isOffline
        let store = try presets.settings(live: live)
        let memory = store.map(SavedDrone.memory)
        if presets.onlyManages, let memory { return try presets.manage(memory, json: length.json) { $0.commandLine } }
        // A4 and the device follow the settings in a render too.
        let settings = try store ?? SettingsFileOptions.openStandard()
        let saved = try self.saved(from: try memory.flatMap { try presets.base($0, live: live) }, reference: sound.reference(settings))
        try length.checkTerminal(wav: sound.output.wav != nil, bars: false)
        let setup = saved.setup
        let catalog = sound.plugins.discoverSourcesWarningOfDuplicates()
        // The sine in the chosen timbre, unless `--source` names another (a SoundFont instrument, MIDI out);
        // `--option` changes either, and a timbre the screen's key switches to as well.
        let options = try sound.optionAssignments(nil)
        func withOptions(_ source: SourceInstance) throws -> SourceInstance {
            for (key, value) in options { try source.set(key, to: value) }
            return source
        }
        let droneSource = try withOptions(try sound.source.map { try catalog.makeInstance(of: $0) } ?? saved.timbre.makeSource(from: catalog))
        let clickSource = try saved.metronome.map { _ in try MetronomeCommand.makeClickSource(from: catalog) }
        StopRequest.install()
        let output: AudioOutput = sound.output.wav == nil && length.json ? NullOutput(paced: false) : try sound.output.openOutput(pacedFile: live, for: droneSource, settings: settings)
        let rig = try PracticeRig(output: output, clickSource: clickSource, droneSource: droneSource)
        try rig.drone?.play(setup, at: 0)
        // Once it has started: a setup that cannot play is never saved.
        if let memory { try presets.saveIfAsked(saved, in: memory) }
        // The tempo given or kept with the setup (`--metronome BPM`) keeps the last metronome's other choices (meter, click),
        // as `peach metronome BPM` would.
        let lastMetronome = live && !presets.fresh ? try store.map(SavedMetronome.memory)?.last() : nil
        var metronomeSaved = lastMetronome ?? .standard
        metronomeSaved.drone = nil
        if let bpm = saved.metronome { (metronomeSaved.setup.bpm, metronomeSaved.setup.trainer) = (bpm, nil) }
        if saved.metronome != nil {
            rig.clicksAudible = !metronomeSaved.silent
            try rig.startMetronome(metronomeSaved.setup, sound: metronomeSaved.clickSound, at: 0)
        }
        if live, let store {
            let screen = PracticeScreen(rig: rig, output: output, plain: plain, drone: saved, metronome: metronomeSaved,
                                        makeDroneSource: { try withOptions(try $0.makeSource(from: catalog)) },
                                        makeClickSource: { try MetronomeCommand.makeClickSource(from: catalog) })
            try screen.run().remember(in: store, running: .drone)
            return ScreenExit.ended(signal: screen.endedBy).endProcess()
        }
        rig.keepsClicks = length.json
        let frames = rig.engine.format.frames(seconds: length.seconds!)
        try rig.finish(output: output, notices: try rig.renderOffline(frames: frames))
        if length.json {
            let clicking = saved.metronome.map { _ in
                MetronomeCommand.Clicking(setup: metronomeSaved.setup, sound: metronomeSaved.clickSound, sampleRate: rig.engine.format.sampleRate,
                                          clicks: rig.clicks)
            }
            print(try CommandJSON.pretty(PracticeReport(own: Sounding(setup, timbre: sound.source == nil ? saved.timbre : nil), otherKey: "metronome",
                                                        other: clicking)))
        }
    }

    /// The drone in `--json`: the setup and its pitches.
    struct Sounding: Encodable {
        var setup: DroneSetup
        var note: String
        var frequencies: [Double]
        var fifthCents: Double?
        /// `pure` or `organ`; nil when `--source` chose the sound.
        var timbre: DroneTimbre?

        init(_ setup: DroneSetup, timbre: DroneTimbre?) {
            (self.setup, note, frequencies, fifthCents) = (setup, setup.rootName, setup.frequencies, setup.fifth ? setup.fifthCents : nil)
            self.timbre = timbre
        }
    }

}
