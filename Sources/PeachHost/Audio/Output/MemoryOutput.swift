import Glibc

/// Keeps the rendered audio in memory, to be measured afterwards (`peach
/// sources --check`, tests). Its buffer is allocated up front: a write past
/// `capacityFrames` fails the output instead of allocating on the audio thread.
public final class MemoryOutput: AudioOutput {
    public let format: AudioFormat
    private let capacityFrames: Int
    private let storage: UnsafeMutablePointer<Float>
    /// Written on the audio thread; read on the main thread once the engine has stopped.
    private var writtenFrames = 0

    public init(format: AudioFormat = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256), capacityFrames: Int) {
        self.format = format
        self.capacityFrames = capacityFrames
        storage = .allocate(capacity: capacityFrames * format.channels)
    }

    deinit { storage.deallocate() }

    public func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult {
        guard writtenFrames + frames <= capacityFrames else { return .failed(errno: ENOSPC) }
        (storage + writtenFrames * format.channels).update(from: interleaved, count: frames * format.channels)
        writtenFrames += frames
        return .written
    }

    public func pendingFrames() -> Int? { nil }

    public func finish() throws(AudioOutputError) {}

    /// One channel of what was written. [main-thread, after the engine stopped]
    public func samples(channel: Int) -> [Float] {
        (0..<writtenFrames).map { storage[$0 * format.channels + channel] }
    }
}
