import ArgumentParser
import FoundationEssentials
import Glibc
import PeachHost

struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: "Train: two notes, then say whether the second was higher or lower.",
        discussion: """
            --headless speaks JSON Lines for other programs and scripts. For each pair Peach \
            writes {"type":"pair","id":1,"note":60,"name":"C4","firstHz":…,"secondHz":…,"cents":5.0} \
            and reads one line: higher, lower or quit. It answers {"type":"feedback","id":1,"correct":true} \
            and goes on with the next pair. End of input or quit saves and exits. Any other \
            line gets {"type":"error","message":"…"} and the same pair again. Every answer \
            is saved the moment it is given.
            """)

    @Flag(help: "Speak JSON Lines on standard input and output instead of drawing a screen.")
    var headless = false

    @Flag(name: .customLong("no-audio"), help: "Play nothing (no audio device needed).")
    var noAudio = false

    @Option(help: ArgumentHelp("Repeat the same sequence of pairs for the same answers.", valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("Keys to train: LOW-HIGH such as C2-C7, or adaptive (starts around C4 and grows).", valueName: "range"))
    var range: String = "adaptive"

    @Option(help: ArgumentHelp("Natural (0: nearby, comfortable) to mechanical (1: drills weak spots).", valueName: "0...1"))
    var style: Double = TrainingStyle.standard.naturalToMechanical

    @Option(help: ArgumentHelp("Length of each note in seconds.", valueName: "seconds"))
    var duration: Double = 1

    @Option(help: ArgumentHelp("The pitch of A4 in Hz (400 to 480).", valueName: "hz"))
    var reference: Double = Pitch.standardReference

    @Option(help: ArgumentHelp("The sound source's id, from `peach sources`.", valueName: "id"))
    var source: String = SourceCatalog.defaultSourceID

    @Option(name: .customLong("option"), help: ArgumentHelp("Set one of the source's options. Repeatable.", valueName: "key=value"))
    var options: [String] = []

    @Option(help: ArgumentHelp("The ALSA device to play through.", valueName: "name"))
    var device: String?

    @Option(help: ArgumentHelp("Write the audio to this WAV file, in real time, instead of playing it.", valueName: "file"))
    var wav: String?

    @OptionGroup var data: DataOptions
    @OptionGroup var plugins: PluginPathOptions

    func validate() throws {
        guard headless else {
            throw ValidationError("The interactive training screen is not there yet; use --headless.")
        }
        _ = try parsedRange()
        guard (0...1).contains(style) else { throw ValidationError("--style \(style.compact) is outside 0...1.") }
        guard Pitch.referenceRange.contains(reference) else {
            throw ValidationError("--reference \(reference.compact) is outside \(Pitch.referenceRange.lowerBound.compact)...\(Pitch.referenceRange.upperBound.compact) Hz.")
        }
        guard (0.1...10).contains(duration) else { throw ValidationError("--duration \(duration.compact) is outside 0.1...10 seconds.") }
        guard device == nil || wav == nil else { throw ValidationError("Choose either --device or --wav, not both.") }
    }

    private func parsedRange() throws -> TrainingRange {
        do { return try TrainingRange(parsing: range) } catch {
            throw ValidationError("--range \(range): \(error.description); write LOW-HIGH (C2-C7) or adaptive.")
        }
    }

    func run() throws {
        let parsed = try parsedRange()
        let training = try PersistentTraining(dataDirectory: try data.resolve(), range: parsed.isAdaptive ? nil : parsed,
                                              style: TrainingStyle(style), generator: seed.map(SeededGenerator.init(seed:)) ?? SeededGenerator(),
                                              reference: reference)
        for warning in training.warnings { StandardError.write("peach: warning: \(warning)\n") }
        let player = noAudio ? nil : try makePlayer()
        defer { try? player?.engine.stop() }
        try HeadlessSession(training: training, player: player, sourceID: source, noteSeconds: duration).run()
        try training.close()
    }

    private func makePlayer() throws -> PairPlayer {
        let instance = try plugins.discoverSourcesWarningOfDuplicates().makeInstance(of: source)
        for assignment in options {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw Failure(SourceOptionError.malformedAssignment(assignment).description)
            }
            try instance.set(String(assignment[..<equals]), to: String(assignment[assignment.index(after: equals)...]))
        }
        let output: AudioOutput = try wav.map { path throws(AudioOutputError) in try WavFileOutput(path: path, paced: true) }
            ?? (try OutputChoice.device(device ?? "default").open())
        let engine = try AudioEngine(output: output, source: instance)
        engine.start()
        return PairPlayer(engine: engine, noteSeconds: duration)
    }
}
