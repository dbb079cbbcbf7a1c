/// Where captured audio comes from: an ALSA capture device or a sound file.
///
/// The engine's render thread owns an input while it runs and calls `read`
/// once a block ([audio-thread]); everything else is [main-thread], before
/// the engine starts or after it stops.
public protocol AudioInput: AnyObject {
    /// Fixed when the input opens.
    var format: AudioFormat { get }

    /// [audio-thread] Reads `frames` interleaved frames into `buffer`. A device
    /// blocks until they have been captured. Must not allocate or lock.
    func read(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> InputReadResult

    /// [audio-thread] Frames captured but not yet read, if the input knows:
    /// how late what `read` returns is, on top of the block itself.
    func pendingFrames() -> Int?

    /// Whether `read` waits on a sound card's clock (see `AudioOutput.blocksOnDevice`).
    var blocksOnDevice: Bool { get }

    /// Frames between a sound reaching the input and `read` returning it:
    /// its part of the round trip. 0 for a file, whose frame n is read as frame n.
    var latencyFrames: Int { get }

    /// Stops capturing and closes. [main-thread]
    func finish()
}

extension AudioInput {
    public var latencyFrames: Int { 0 }
}

public enum InputReadResult: Equatable, Sendable {
    case read
    /// Audio was lost (the device overran and was restarted); the block holds what came after.
    case recoveredOverrun
    /// The input has no more audio: `frames` of the block were read, the rest is silence.
    case ended(frames: Int)
    case deviceLost(errno: Int32)
    case failed(errno: Int32)
}

/// Why an input could not be opened. Carries the data; the tool words it.
public enum AudioInputError: Error, Equatable, Sendable {
    case noDevice(name: String, reason: String)
    case unsupportedDevice(name: String, DeviceSetupFailure)
    case cannotReadFile(path: String, reason: String)
    /// A sound file of no bytes (a recording that never started, a failed copy).
    case emptyFile(path: String)
}
