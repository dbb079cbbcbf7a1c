import Glibc

/// Writes audio to a WAV file as 32-bit float samples, exactly as rendered.
/// The header's sizes are filled in by `finish`.
public final class WavFileOutput: AudioOutput {
    public let format: AudioFormat
    public let path: String
    private let descriptor: Int32
    private var dataBytes = 0
    private var writeError: Int32 = 0
    private var pacer: RealTimePacer?

    /// Creates (or replaces) the file at once, so a bad path fails before anything plays.
    public init(path: String, format: AudioFormat = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256), paced: Bool = false) throws(AudioOutputError) {
        self.path = path
        self.format = format
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWriteFile(path: path, reason: ErrnoText.describe(errno)) }
        pacer = paced ? RealTimePacer(sampleRate: format.sampleRate, leadFrames: format.blockFrames * 2) : nil
        let header = Self.header(format: format, dataBytes: 0)
        guard header.withUnsafeBytes({ Glibc.write(descriptor, $0.baseAddress, $0.count) }) == header.count else {
            let reason = ErrnoText.describe(errno)
            close(descriptor)
            throw .cannotWriteFile(path: path, reason: reason)
        }
    }

    public func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult {
        let bytes = frames * format.channels * MemoryLayout<Float>.size
        var offset = 0
        while offset < bytes {
            let count = Glibc.write(descriptor, UnsafeRawPointer(interleaved) + offset, bytes - offset)
            if count < 0 {
                if errno == EINTR { continue }
                writeError = errno
                return .failed(errno: errno)
            }
            offset += count
        }
        dataBytes += bytes
        pacer?.wait(afterWriting: frames)
        return .written
    }

    public func pendingFrames() -> Int? { pacer?.pendingFrames() }

    public func finish() throws(AudioOutputError) {
        let header = Self.header(format: format, dataBytes: dataBytes)
        let written = header.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        let headerError = written == header.count ? 0 : errno
        guard close(descriptor) == 0, headerError == 0, writeError == 0 else {
            throw .closeFailed(target: path, reason: ErrnoText.describe(writeError != 0 ? writeError : headerError != 0 ? headerError : errno))
        }
    }

    /// RIFF header for IEEE float samples: fmt (18 bytes), fact, data.
    static func header(format: AudioFormat, dataBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        func append(_ text: String) { bytes += Array(text.utf8) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        let blockAlign = format.channels * 4
        append("RIFF"); append32(4 + (8 + 18) + (8 + 4) + 8 + dataBytes); append("WAVE")
        append("fmt "); append32(18); append16(3); append16(format.channels)
        append32(Int(format.sampleRate)); append32(Int(format.sampleRate) * blockAlign); append16(blockAlign); append16(32); append16(0)
        append("fact"); append32(4); append32(dataBytes / blockAlign)
        append("data"); append32(dataBytes)
        return bytes
    }
}
