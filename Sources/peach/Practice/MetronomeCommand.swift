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
              peach metronome 92 --beats 7 --group 2+2+3 --save seven
              peach metronome --preset seven --count-in 1
            """)

    @Argument(help: ArgumentHelp(localized(.helpMetronomeBPM), valueName: "bpm"), transform: NumberArgument.tempo.transform)
    var bpm: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpMetronomeBeats), valueName: "n"))
    var beats: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpMetronomeSubdivision), valueName: "n"))
    var subdivision: Int?

    @Option(help: ArgumentHelp(localized(.helpMetronomeGroup), valueName: "2+2+3"))
    var group: String?

    @Option(help: ArgumentHelp(localized(.helpMetronomeAccents), valueName: "X-x-"))
    var accents: String?

    @Option(name: .customLong("count-in"), parsing: .unconditional, help: ArgumentHelp(localized(.helpMetronomeCountIn), valueName: "bars"))
    var countIn: Int?

    @Option(help: ArgumentHelp(localized(.helpMetronomeTrainer), valueName: "80-120/4"))
    var trainer: String?

    @Option(help: ArgumentHelp(localized(.helpMetronomeMute), valueName: "2:2"))
    var mute: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpMetronomeDrop), valueName: "percent"), transform: NumberArgument.percent.transform)
    var drop: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpMetronomeSeed), valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp(localized(.helpMetronomeClick), valueName: "sound"), completion: .list(ClickSound.all.map(\.name)))
    var click: String?

    @Option(help: ArgumentHelp(localized(.helpMetronomeSample), valueName: localized(.valueNameFile)))
    var sample: String?

    @Option(name: .customLong("accent-sample"), help: ArgumentHelp(localized(.helpMetronomeAccentSample), valueName: localized(.valueNameFile)))
    var accentSample: String?

    @Flag(inversion: .prefixedNo, help: ArgumentHelp(localized(.helpMetronomeSilent)))
    var silent: Bool?

    @Option(help: ArgumentHelp(localized(.helpMetronomeDrone), valueName: localized(.valueNameNote)))
    var drone: String?

    @Flag(help: ArgumentHelp(localized(.helpPracticePlain)))
    var plain = false

    @OptionGroup var length: PracticeLength
    @OptionGroup var presets: PresetOptions
    @OptionGroup var sound: SoundOptions

    /// The built-in clicks (`--source` may name another: a SoundFont kit, MIDI out to a drum machine);
    /// where the clicks plugin is not installed, short sine beeps at the click keys' pitches.
    static func makeClickSource(from catalog: SourceCatalog) throws -> SourceInstance {
        try catalog.makeInstance(of: catalog.sources.contains { $0.descriptor.id == "org.peach.click" } ? "org.peach.click" : SourceCatalog.defaultSourceID)
    }

    /// The source that plays a sound file of the user's (`--sample`).
    static let sampleSourceID = "org.peach.sample"

    func validate() throws {
        // Each option alone; together with the setup they change (a preset, the last one) in `run`.
        _ = try saved(from: nil, checking: false)
        if let seed, !MetronomeSetup.seedRange.contains(seed) {
            throw ValidationError(localized(.metronomeSeedOutside, seed, MetronomeSetup.seedRange.upperBound))
        }
        if let drone { _ = try checked(option: "--drone", drone, DroneSetup.note(parsing:)) }
        if sample != nil && sound.source != nil { throw ValidationError(localized(.metronomeSampleOrSource)) }
        if bpm != nil && trainer != nil { throw ValidationError(localized(.metronomeTempoOrTrainer)) }
        // Keys of a kit (37/42) sound only from a kit: the built-in clicks are three sounds, not a drum set.
        if let click, ClickSound.named(click).map({ sound in !ClickSound.all.contains { $0.name == sound.name } }) == true,
           sound.source == nil, sample == nil {
            throw ValidationError(localized(.metronomeKeysNeedAKit, click))
        }
        if accentSample != nil && sample == nil { throw ValidationError(localized(.metronomeAccentNeedsSample)) }
        // Listing or forgetting presets renders nothing: it needs no length.
        guard !presets.onlyManages else { return }
        try length.check(wav: sound.output.wav != nil)
        try sound.output.checkStandardOutput(isUsedBy: length.standardOutputUser)
    }

    /// `base` (a preset, the last setup, or the defaults for nil) changed by the options given.
    func saved(from base: SavedMetronome?, checking: Bool = true) throws -> SavedMetronome {
        var saved = base ?? .standard
        try checked {
            if let trainer {
                saved.setup.trainer = try TempoTrainer.parse(trainer)
                saved.setup.bpm = saved.setup.trainer!.from
            }
            if let bpm {
                saved.setup.bpm = bpm
                if trainer == nil { saved.setup.trainer = nil }  // a tempo given is the tempo, not the base's ramp
            }
            // Another meter drops the base's grouping and accents, unless given anew.
            if let beats, beats != saved.setup.beatsPerBar { (saved.setup.beatsPerBar, saved.setup.grouping, saved.setup.accents) = (beats, nil, nil) }
            if let subdivision { saved.setup.subdivision = subdivision }
            if let group { (saved.setup.grouping, saved.setup.accents) = (try BeatGrouping.parse(group), nil) }
            if let accents { saved.setup.accents = try AccentLevel.parse(pattern: accents) }
            if let countIn { saved.setup.countInBars = countIn }
            if let mute { saved.setup.mutedBars = try MutedBars.parse(mute) }
            if let drop { saved.setup.silentBeatChance = drop / 100 }
            if let seed { saved.setup.seed = seed }
            if checking { try saved.setup.check() }
        }
        if let click { saved.click = try SavedMetronome.clickSound(named: click).name }
        if let silent { saved.silent = silent }
        if let sample { (saved.sample, saved.accentSample) = (WorkingDirectory.absolute(sample), accentSample.map(WorkingDirectory.absolute)) }
        if let drone { saved.drone = try checked(option: "--drone", drone, DroneSetup.name(parsing:)) }
        return saved
    }

    func run() throws {
        let live = !length.isOffline
        let store = try presets.settings(live: live)
        let memory = store.map(SavedMetronome.memory)
        if presets.onlyManages, let memory { return try presets.manage(memory, json: length.json) { $0.commandLine } }
        let saved = try self.saved(from: try memory.flatMap { try presets.base($0, live: live) })
        try length.checkTerminal(wav: sound.output.wav != nil)
        let setup = saved.setup, clickSound = saved.clickSound
        let catalog = sound.plugins.discoverSourcesWarningOfDuplicates()
        let clickSource = try saved.makeClickSource(from: catalog, sound: sound)
        // The drone given or kept with the setup (`--drone NOTE`) keeps the last drone's other choices (fifth, timbre), as `peach drone` would.
        let lastDrone = live && !presets.fresh ? try store.map(SavedDrone.memory)?.last() : nil
        // A4 and the device follow the settings in a render too.
        let settings = try store ?? SettingsFileOptions.openStandard()
        var drone = lastDrone ?? SavedDrone(setup: DroneSetup(root: MIDINote(number: 50)!, reference: sound.reference(settings)), timbre: .pure)
        drone.metronome = nil
        if let reference = sound.reference { drone.setup.reference = reference }
        if let note = saved.drone { try drone.setup.setRoot(parsing: note) }
        let droneSource = try saved.drone.map { _ in try drone.timbre.makeSource(from: catalog) }
        StopRequest.install()
        let output: AudioOutput = sound.output.wav == nil && length.json ? NullOutput(paced: false) : try sound.output.openOutput(pacedFile: live, for: clickSource, settings: settings)
        let rig = try PracticeRig(output: output, clickSource: clickSource, droneSource: droneSource)
        rig.clicksAudible = !saved.silent
        try rig.startMetronome(setup, sound: clickSound, at: 0)
        if saved.drone != nil { try rig.drone?.play(drone.setup, at: 0) }
        // Once its sounds have started: a setup that cannot play (a sample file gone) is never saved.
        if let memory { try presets.saveIfAsked(saved, in: memory) }
        if live, let store {
            let screen = PracticeScreen(rig: rig, output: output, plain: plain, drone: drone, metronome: saved,
                                        makeDroneSource: { try $0.makeSource(from: catalog) },
                                        makeClickSource: { try Self.makeClickSource(from: catalog) })
            try screen.run().remember(in: store, running: .metronome)
            return ScreenExit.ended(signal: screen.endedBy).endProcess()
        }
        rig.keepsClicks = length.json
        let frames = length.bars.map { bars in
            rig.metronome!.timeline.frame(beat: Int64((setup.countInBars + bars) * setup.beatsPerBar))
        } ?? rig.engine.format.frames(seconds: length.seconds!)
        try rig.finish(output: output, notices: try rig.renderOffline(frames: frames))
        if length.json {
            let clicking = Clicking(setup: rig.metronome!.plan.setup, sound: clickSound, sampleRate: rig.engine.format.sampleRate, clicks: rig.clicks)
            print(try CommandJSON.pretty(PracticeReport(own: clicking, otherKey: "drone",
                                                        other: saved.drone.map { _ in DroneCommand.Sounding(drone.setup, timbre: drone.timbre) })))
        }
    }

    /// The metronome in `--json`: the setup and every click's frame.
    struct Clicking: Encodable {
        var setup: MetronomeSetup
        var click: String
        var sampleRate: Double
        var clicks: [Click]

        init(setup: MetronomeSetup, sound: ClickSound, sampleRate: Double, clicks: [Click]) {
            (self.setup, click, self.sampleRate, self.clicks) = (setup, sound.name, sampleRate, clicks)
        }
    }
}
