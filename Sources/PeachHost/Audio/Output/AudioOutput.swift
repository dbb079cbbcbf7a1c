import PeachFiles
/// Where rendered audio goes: an ALSA device, a WAV file, or nowhere.
///
/// The engine's render thread owns an output while it runs: it calls `write`
/// for each block ([audio-thread]); everything else is [main-thread], before
/// the engine starts or after it stops.
public protocol AudioOutput: AnyObject {
    /// Fixed when the output opens. Sources render at exactly this rate, so no
    /// resampler sits between them and the listener.
    var format: AudioFormat { get }

    /// [audio-thread] Writes `frames` interleaved frames. A real device blocks
    /// here until there is room, which is what paces the render thread.
    /// Must not allocate or lock.
    func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult

    /// [audio-thread] Frames written but not yet heard, if the output knows.
    func pendingFrames() -> Int?

    /// Plays out what is buffered, then closes. [main-thread]
    func finish() throws(AudioOutputError)

    /// Whether `write` waits on a sound card's clock. Only then does the render
    /// thread ask for real-time priority: at SCHED_FIFO, a thread that never
    /// blocks (a file, nothing) would starve every other program on the machine.
    var blocksOnDevice: Bool { get }

    /// Frames between writing a frame and hearing it when the output's
    /// buffer is full: its part of the round trip. 0 for files and memory,
    /// whose frame n is simply frame n.
    var latencyFrames: Int { get }
}

extension AudioOutput {
    public var blocksOnDevice: Bool { false }
    public var latencyFrames: Int { 0 }
}

public struct AudioFormat: Equatable, Sendable {
    public var sampleRate: Double
    public var channels: Int
    /// The block the render thread processes: the device's period.
    public var blockFrames: Int

    public init(sampleRate: Double, channels: Int, blockFrames: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
        self.blockFrames = blockFrames
    }

    /// A duration as frames at this rate, to the nearest frame.
    public func frames(seconds: Double) -> Int64 { Self.frames(seconds: seconds, sampleRate: sampleRate) }

    /// The same for data that keeps only its rate (a saved phrase).
    public static func frames(seconds: Double, sampleRate: Double) -> Int64 { Int64((seconds * sampleRate).rounded()) }
}

public enum OutputWriteResult: Equatable, Sendable {
    case written
    /// The device ran dry and was restarted; the block was written after it.
    case recoveredUnderrun
    /// The device disappeared; nothing more can be written.
    case deviceLost(errno: Int32)
    case failed(errno: Int32)
}

/// Why an output could not be opened or finished, as data; `PeachMessages`
/// words it, and the edge adds the remedy that fits where the user is.
public enum AudioOutputError: Error, Equatable {
    /// ALSA could not open the device; `reason` is ALSA's own words.
    case noDevice(name: String, reason: String)
    case unsupportedDevice(name: String, DeviceSetupFailure)
    case cannotWriteFile(path: String, reason: Reason)
    case closeFailed(target: String, reason: Reason)
    /// A file is at the path already, which a render never replaces.
    case fileExists(path: String)

    /// Why a file or device would not take the sound.
    public enum Reason: Equatable, Sendable {
        /// The system's or a library's own words (strerror, libsndfile, ALSA).
        case system(String)
        /// A named pipe that no one reads.
        case noReader
        /// The data folder's careful file I/O refused or failed.
        case file(HistoryError)
    }

    /// Whether choosing another device is the remedy.
    public var needsAnotherDevice: Bool {
        switch self {
        case .noDevice, .unsupportedDevice: true
        case .cannotWriteFile, .closeFailed, .fileExists: false
        }
    }
}
