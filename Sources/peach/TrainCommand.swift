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

    @OptionGroup var sound: SoundOptions
    @OptionGroup var data: DataOptions

    func validate() throws {
        guard headless else {
            throw ValidationError("The interactive training screen is not there yet; use --headless.")
        }
        _ = try parsedRange()
        guard (0...1).contains(style) else { throw ValidationError("--style \(style.compact) is outside 0...1.") }
        guard (0.1...10).contains(duration) else { throw ValidationError("--duration \(duration.compact) is outside 0.1...10 seconds.") }
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
                                              reference: sound.reference)
        training.warnings.forEach(StandardError.warning)
        let player = noAudio ? nil : try makePlayer()
        defer { try? player?.engine.stop() }
        try HeadlessSession(training: training, player: player, sourceID: sound.source, noteSeconds: duration).run()
        try training.close()
    }

    private func makePlayer() throws -> PairPlayer {
        // A WAV file is written in real time here, so timing behaves as on a sound card.
        let source = try sound.makeSource()  // a wrong source or option is reported before any device is opened
        let engine = try AudioEngine(output: try sound.openOutput(pacedFile: true), source: source)
        engine.start()
        return PairPlayer(engine: engine, noteSeconds: duration)
    }
}
