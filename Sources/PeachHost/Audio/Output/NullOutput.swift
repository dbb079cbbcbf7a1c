/// Discards audio. Paced, it keeps real time like a sound card would; unpaced,
/// it takes blocks as fast as they come.
public final class NullOutput: AudioOutput {
    public let format: AudioFormat
    private var pacer: RealTimePacer?

    public init(format: AudioFormat = AudioFormat(sampleRate: 48000, channels: 2, blockFrames: 256), paced: Bool = true) {
        self.format = format
        pacer = paced ? RealTimePacer(sampleRate: format.sampleRate, leadFrames: format.blockFrames * 2) : nil
    }

    public func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult {
        pacer?.wait(afterWriting: frames)
        return .written
    }

    public func pendingFrames() -> Int? { pacer?.pendingFrames() }

    public func finish() throws(AudioOutputError) {}
}
