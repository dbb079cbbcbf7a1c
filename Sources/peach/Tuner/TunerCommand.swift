import ArgumentParser
import FoundationEssentials
import Glibc
import PeachHost

/// `peach tuner`: the pitch the player plays, live from a capture device, or
/// read from a sound file as JSON lines for scripts and tests.
struct TunerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tuner",
        abstract: localized(.helpTunerAbstract),
        discussion: localized(.helpTunerDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach tuner
              peach tuner --input-device hw:1 --channel 2
              peach tuner --transpose Bb --reference 442
              peach tuner --lowest E1 --highest G4 --save bass
              peach tuner --preset bass
              peach tuner --drone D3 --fifth
              peach tuner --temperament werckmeister3 --reference 415
              peach tuner --temperament just --root D
              peach tuner --input take.flac --json
            """)

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpTunerTolerance), valueName: localized(.valueNameCents)), transform: NumberArgument.cents.transform)
    var tolerance: Double?

    @Option(help: ArgumentHelp(localized(.helpTunerDrone), valueName: localized(.valueNameNote)))
    var drone: String?

    @Flag(help: ArgumentHelp(localized(.helpDroneFifth)))
    var fifth = false

    @Option(help: ArgumentHelp(localized(.helpTunerTuning), valueName: "just|equal"), completion: .list(DroneSetup.Tuning.allCases.map(\.rawValue)))
    var tuning: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpTunerSeconds), valueName: localized(.valueNameSeconds)), transform: NumberArgument.seconds.transform)
    var seconds: Double?

    @Flag(help: ArgumentHelp(localized(.helpTunerJSON)))
    var json = false

    @Flag(help: ArgumentHelp(localized(.helpTunerPlain)))
    var plain = false

    @OptionGroup var pitch: PitchOptions
    @OptionGroup var presets: PresetOptions
    @OptionGroup var inputs: InputOptions
    @OptionGroup var sound: SoundOptions

    func validate() throws {
        let saved = try self.saved(from: .standard)
        _ = try PitchRange.frequencies(lowest: saved.lowest, highest: saved.highest, reference: Pitch.standardReference)
        _ = try droneSetup(reference: Pitch.standardReference)
        if let seconds, !PracticeLength.secondsRange.contains(seconds) {
            throw ValidationError(localized(.practiceSecondsOutside, seconds.compact, PracticeLength.secondsRange.lowerBound.compact,
                                            PracticeLength.secondsRange.upperBound.compact))
        }
        guard !(json && plain) else { throw ValidationError(localized(.tunerJSONOrPlain)) }
        // The tuner's only sound is its drone, and a file read for a script sounds none: such options would do nothing.
        let soundOptions = sound.output.wav != nil || sound.output.device != nil || sound.source != nil || !sound.options.isEmpty
        if soundOptions && drone == nil { throw ValidationError(localized(.tunerSoundNeedsDrone)) }
        if json && inputs.isFile && (sound.output.wav != nil || sound.output.device != nil) { throw ValidationError(localized(.tunerFileSoundsNoDrone)) }
        try sound.output.checkStandardOutput(isUsedBy: json ? "--json" : localized(.theScreen))
    }

    /// `base` (a preset, the last live setup, or the standard one) changed by the options given, checked.
    func saved(from base: SavedTuner) throws -> SavedTuner {
        var saved = base
        if let transposition = try pitch.transposition() { saved.transposition = transposition.semitones }
        if let temperament = try pitch.temperamentChoice() { saved.temperament = temperament }
        if let tolerance { saved.tolerance = tolerance }
        if let lowest = pitch.lowest { saved.lowest = lowest }
        if let highest = pitch.highest { saved.highest = highest }
        if let reference = sound.reference { saved.reference = reference }
        try checked { try saved.check() }
        return saved
    }

    func droneSetup(reference: Double) throws -> DroneSetup? {
        guard let drone else {
            if fifth || tuning != nil { throw ValidationError(localized(.tunerDroneOptionsNeedDrone)) }
            return nil
        }
        var setup = try checked(option: "--drone", drone) { note in try DroneSetup(note: note, reference: reference, fifth: fifth) }
        if let tuning { setup.tuning = try DroneCommand.tuning(parsing: tuning) }
        try checked { try setup.check() }
        return setup
    }

    func run() throws {
        // Live, the tuner starts from its last setup; a script's reading from the standard one. A4 not given is the setting's in both.
        let live = !(inputs.isFile && json)
        let store = try presets.settings(live: live)
        let settingReference = sound.reference(try store ?? SettingsFileOptions.openStandard())
        let memory = store.map(SavedTuner.memory)
        if presets.onlyManages, let memory { return try presets.manage(memory, json: json) { $0.commandLine } }
        let saved = try self.saved(from: try memory.flatMap { try presets.base($0, live: live) } ?? .standard)
        if let memory { try presets.saveIfAsked(saved, in: memory) }
        let reference = saved.reference ?? settingReference
        let setup = TunerSetup(reference: reference, transposition: Transposition(semitones: saved.transposition), temperament: saved.temperament,
                               tolerance: saved.tolerance,
                               drone: try droneSetup(reference: reference))
        // Before any sound is made or file opened: the screen's keys come from a terminal.
        guard json || isatty(STDIN_FILENO) == 1 else { throw Failure(localized(.tunerNeedsTerminal)) }
        let catalog = sound.plugins.discoverSourcesWarningOfDuplicates()
        let source = try setup.drone == nil || sound.source == nil ? catalog.makeInstance(of: SourceCatalog.defaultSourceID)
                                                                    : catalog.makeInstance(of: sound.source!)
        for (key, value) in try sound.optionAssignments(nil) where sound.source != nil { try source.set(key, to: value) }
        StopRequest.install()
        let input = try inputs.open(paced: !json, settings: store)
        // Only a live drone is heard; otherwise the output is a silent stand-in that never waits.
        let output: AudioOutput = setup.drone == nil || !live
            ? NullOutput(format: AudioFormat(sampleRate: input.format.sampleRate, channels: 2, blockFrames: 256), paced: false)
            : try sound.output.openOutput(pacedFile: true, for: source, settings: store)
        let listener = try TunerListener(input: input, channel: inputs.channelIndex, output: output, source: source, drone: setup.drone,
                                         range: try PitchRange.frequencies(lowest: saved.lowest, highest: saved.highest, reference: reference))
        let inputName = inputs.input ?? inputs.deviceName(store)
        if json {
            try TunerJSONLines(listener: listener, setup: setup, inputName: inputName).run(seconds: seconds, offline: inputs.isFile)
        } else {
            let screen = TunerScreen(listener: listener, setup: setup, plain: plain, inputName: inputName)
            let ending = try screen.run(seconds: seconds)
            if let memory { try memory.remember(saved.keeping(ending, settingReference: settingReference)) }
            inputs.warnIfCut(input)
            return ScreenExit.ended(signal: screen.endedBy).endProcess()
        }
        inputs.warnIfCut(input)
    }
}
