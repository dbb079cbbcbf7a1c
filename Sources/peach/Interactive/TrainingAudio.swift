import PeachAudio
import PeachHost
import PeachText
import PeachTraining

/// The sound side of the training screen: an engine playing pairs through
/// the current source, a switch of timbre between pairs, and a new output
/// when the old one was lost. [main-thread]
final class TrainingAudio {
    private(set) var noteSeconds: Double
    private(set) var pauseSeconds: Double
    private let openOutput: (SourceInstance) throws -> AudioOutput
    private(set) var source: SourceInstance
    private var player: PairPlayer?
    /// What sounds under the pairs, if the listener asked for it.
    private let backdrop: TrainingBackdrop?

    init(source: SourceInstance, noteSeconds: Double, pauseSeconds: Double, backdrop: TrainingBackdrop? = nil,
         openOutput: @escaping (_ for: SourceInstance) throws -> AudioOutput) throws {
        self.source = source
        self.backdrop = backdrop
        self.noteSeconds = noteSeconds
        self.pauseSeconds = pauseSeconds
        self.openOutput = openOutput
        try reopen()
    }

    /// Whether sound is going out; false after the output was lost and until `reopen` succeeds.
    var isPlaying: Bool { player != nil }

    /// Frames rendered so far, or nil while there is no output.
    var renderedFrames: Int64? { player?.engine.renderedFrames }

    /// Schedules both notes; returns the frame where the second starts.
    func play(_ pair: TrainingPair, reference: Double) throws -> Int64 {
        guard let player else { throw Failure(localized(.trainingNoAudioOutput)) }
        return try player.play(pair, reference: reference)
    }

    /// New note and pause lengths, for the pairs scheduled from now on.
    func retime(noteSeconds: Double, pauseSeconds: Double) {
        self.noteSeconds = noteSeconds
        self.pauseSeconds = pauseSeconds
        if let engine = player?.engine { player = PairPlayer(engine: engine, noteSeconds: noteSeconds, pauseSeconds: pauseSeconds) }
    }

    /// Ends what is sounding with a short fade and drops what is queued.
    func cut() { player?.cut() }

    /// Schedules the clicks under the pairs that are due soon; the error that stopped them, if one did.
    func keepBackdropAhead() -> EngineError? {
        guard let player else { return nil }
        do { try backdrop?.keepAhead(of: player.engine) } catch { return error }
        return nil
    }

    /// What the source said when it refused note `id` (ABI 1.1), if it did.
    func refusal(of id: Int32) -> String? { player?.engine.refusals[id] }

    /// What the render thread reported; a notice that ends rendering means the output is gone.
    func notices() -> [EngineNotice] {
        guard let player else { return [] }
        let notices = player.engine.pollNotices()
        if notices.contains(where: \.endsRendering) { close() }
        return notices
    }

    /// Plays the next pairs through `newSource`; the current notes fade out on the old one.
    func swap(to newSource: SourceInstance) throws {
        try player?.engine.swapSource(to: newSource)
        source = newSource
    }

    /// Opens the output again (after it was lost) and starts a new engine on the same source.
    func reopen() throws {
        close()
        let engine = try AudioEngine(output: try openOutput(source), source: source, pluginLog: .command, faultWording: { said($0) })
        try backdrop?.attach(to: engine)
        engine.start()
        player = PairPlayer(engine: engine, noteSeconds: noteSeconds, pauseSeconds: pauseSeconds)
    }

    /// Stops the engine and releases the output; the source stays, inactive.
    func close() {
        guard let player else { return }
        self.player = nil
        try? player.engine.stop()
    }
}
