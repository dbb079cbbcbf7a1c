/// Captures from a sound file instead of a device: for offline work, and for
/// tests on a machine without a sound card. Paced, it delivers each block when
/// a device would have; unpaced, as fast as it is asked.
public final class SoundFileInput: AudioInput {
    public let format: AudioFormat
    public var blocksOnDevice: Bool { false }
    private let reader: SoundFileReader
    private var pacer: RealTimePacer?
    private var ended = false
    private var framesRead: Int64 = 0

    public init(path: String, blockFrames: Int = 256, paced: Bool = false) throws(AudioInputError) {
        reader = try SoundFileReader(path: path)
        format = AudioFormat(sampleRate: Double(reader.sampleRate), channels: reader.channels, blockFrames: blockFrames)
        pacer = paced ? RealTimePacer(sampleRate: format.sampleRate, leadFrames: 0) : nil
    }

    public func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> InputReadResult {
        let got = ended ? 0 : reader.readFrames(into: buffer, frames: frames)
        framesRead += Int64(got)
        pacer?.wait(afterWriting: frames)
        guard got < frames else { return .read }
        (buffer + got * format.channels).update(repeating: 0, count: (frames - got) * format.channels)
        ended = true
        return .ended(frames: got)
    }

    /// Once the file has ended: the frames it said it holds and did not
    /// decode (a damaged or cut file), and how many did; nil while reading or when whole.
    /// Read it after the engine has stopped.
    public var shortfall: (read: Int64, total: Int64)? {
        ended && framesRead < reader.frameCount ? (framesRead, reader.frameCount) : nil
    }

    public func pendingFrames() -> Int? { 0 }

    public func finish() {}
}
