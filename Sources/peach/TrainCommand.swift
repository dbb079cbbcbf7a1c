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

            Without --headless: the training screen. The answer targets light up when the \
            second note starts. Higher: ↑ → k l w d + (or click Higher). Lower: ↓ ← j h s a - \
            (or click Lower). t / T: next / previous sound, from the next pair on. b: bell on \
            wrong answers on or off. q, Esc or Ctrl-C: stop (everything answered is saved). \
            Ctrl-Z suspends; a pair cut short by it, by a resize or by a lost audio device \
            is not recorded.
            """)

    @Flag(help: "Speak JSON Lines on standard input and output instead of drawing a screen.")
    var headless = false

    @Flag(name: .customLong("no-audio"), help: "With --headless: play nothing (no audio device needed).")
    var noAudio = false

    @OptionGroup var training: TrainingOptions
    @OptionGroup var screen: ScreenOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var data: DataOptions

    func validate() throws {
        guard headless || !noAudio else { throw ValidationError("--no-audio needs --headless: the training screen plays the pairs.") }
        guard !headless || !screen.plain else { throw ValidationError("Choose either --headless or --plain, not both.") }
    }

    func run() throws {
        guard headless else {
            let app = try InteractiveApp(training: training, screen: screen, sound: sound, dataDirectory: try data.resolve())
            app.run(beginWithTraining: true).endProcess()
            return
        }
        let session = try training.openTraining(dataDirectory: try data.resolve(), reference: sound.reference(nil), settings: nil)
        session.warnings.forEach(StandardError.warning)
        let player = noAudio ? nil : try makePlayer()
        defer { try? player?.engine.stop() }
        try HeadlessSession(training: session, player: player, sourceID: sound.sourceID(nil), noteSeconds: training.noteSeconds(nil)).run()
        try session.close()
    }

    private func makePlayer() throws -> PairPlayer {
        // A WAV file is written in real time here, so timing behaves as on a sound card.
        let source = try sound.makeSource()  // a wrong source or option is reported before any device is opened
        let engine = try AudioEngine(output: try sound.openOutput(pacedFile: true, for: source), source: source)
        engine.start()
        return PairPlayer(engine: engine, noteSeconds: training.noteSeconds(nil), pauseSeconds: training.pauseSeconds(nil))
    }
}
