import PeachAudio
import PeachTraining
/// Plays training pairs on an engine: the two notes back to back, or with a
/// pause between them, each pair after the previous one has finished.
public final class PairPlayer {
    public let engine: AudioEngine
    public let noteFrames: Int64
    /// Silence between the first note's end and the second's start.
    public let pauseFrames: Int64
    /// Scheduling lead, so the first note is never late: two blocks.
    private var leadFrames: Int64 { Int64(engine.format.blockFrames * 2) }
    private var free: Int64 = 0

    public init(engine: AudioEngine, noteSeconds: Double, pauseSeconds: Double = 0) {
        self.engine = engine
        noteFrames = engine.format.frames(seconds: noteSeconds)
        pauseFrames = engine.format.frames(seconds: pauseSeconds)
    }

    /// Schedules the pair; returns the frame at which its second note starts.
    @discardableResult
    public func play(_ pair: TrainingPair, reference: Double) throws(EngineError) -> Int64 {
        let (first, second) = pair.frequencies(reference: reference)
        try engine.checkPairInterval()
        // Both or neither: a pair whose second note is refused would leave its first playing alone.
        try engine.checkPlayable(first)
        try engine.checkPlayable(second)
        let start = max(engine.renderedFrames + leadFrames, free)
        let secondStart = start + noteFrames + pauseFrames
        try engine.playNote(frequency: first, at: start, durationFrames: noteFrames)
        try engine.playNote(frequency: second, at: secondStart, durationFrames: noteFrames)
        free = secondStart + noteFrames
        return secondStart
    }

    /// Room after a cut for the source's release to die away before the next pair.
    private var cutGapFrames: Int64 { Int64(engine.format.sampleRate * 0.05) }

    /// Ends whatever is playing or queued with the source's short release,
    /// for an answer given during the second note or a pair that was
    /// interrupted. The next pair may start right after the fade.
    public func cut() {
        engine.cancelScheduled()
        free = engine.renderedFrames + cutGapFrames
    }
}
