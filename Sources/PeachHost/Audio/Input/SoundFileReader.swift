import CSndFile
import Glibc
import PeachSupport

/// Reads a sound file through libsndfile: WAV (integer or float), FLAC, Ogg,
/// AIFF and the rest it knows, as Float samples at full scale ±1.
/// One thread at a time; `readFrames` allocates nothing, so the render thread may call it.
public final class SoundFileReader {
    public let path: String
    public let sampleRate: Int
    public let channels: Int
    /// Frames in the file, as its header says.
    public let frameCount: Int64
    private let file: OpaquePointer

    public init(path: String) throws(AudioInputError) {
        self.path = path
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else { throw Self.failure(opening: path) }
        guard info.channels > 0, info.samplerate > 0 else {
            sf_close(file)
            throw .cannotReadFile(path: path, reason: "no channels or no sample rate")
        }
        self.file = file
        sampleRate = Int(info.samplerate)
        channels = Int(info.channels)
        frameCount = info.frames
    }

    deinit { sf_close(file) }

    /// Why libsndfile could not open `path`. It says "System error" for a
    /// missing file and "Format not recognised." for a folder or an empty
    /// file: the system's words say which, and an empty file is said so.
    private static func failure(opening path: String) -> AudioInputError {
        if access(path, R_OK) != 0 { return .cannotReadFile(path: path, reason: ErrnoText.describe(errno)) }
        var status = stat()
        if stat(path, &status) == 0 {
            if status.st_mode & S_IFMT == S_IFDIR { return .cannotReadFile(path: path, reason: ErrnoText.describe(EISDIR)) }
            if status.st_mode & S_IFMT == S_IFREG && status.st_size == 0 { return .emptyFile(path: path) }
        }
        return .cannotReadFile(path: path, reason: ErrnoText.clause(String(cString: sf_strerror(nil))))
    }

    /// Reads up to `frames` interleaved frames; fewer only at the end of the file.
    public func readFrames(into buffer: UnsafeMutablePointer<Float>, frames: Int) -> Int {
        Int(sf_readf_float(file, buffer, sf_count_t(frames)))
    }

    /// The whole file, one array per channel.
    public func readAll() -> [[Float]] {
        var interleaved = [Float](repeating: 0, count: Int(frameCount) * channels)
        let read = interleaved.withUnsafeMutableBufferPointer { readFrames(into: $0.baseAddress!, frames: Int(frameCount)) }
        return (0..<channels).map { channel in
            stride(from: channel, to: read * channels, by: channels).map { interleaved[$0] }
        }
    }
}
