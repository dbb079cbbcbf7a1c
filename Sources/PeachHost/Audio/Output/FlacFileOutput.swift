import CSndFile
import Glibc
import PeachFiles
import PeachSupport

/// Writes audio to a FLAC file, 24-bit, through libsndfile: lossless at a
/// recorder's precision and about half the size of a float WAV, for
/// recordings worth keeping. Like the WAV output it writes under a temporary
/// name that takes the name `path` when `finish` completes the file, and never
/// replaces a file already there but the run's own (`replacing`). Samples
/// beyond ±1 are clipped, not wrapped.
///
/// Unlike the WAV output, a FLAC stream cannot be finished from a signal
/// handler: if Peach is killed while writing, the temporary file is left
/// and removed by the next write of the same path.
public final class FlacFileOutput: AudioOutput {
    public let format: AudioFormat
    public let path: String
    private let replacement: ReplacementFile
    private let file: OpaquePointer
    /// Whether the file at `path` is this run's own, which may be replaced.
    private let replacing: Bool
    private var failed = false
    private var closed = false
    private var pacer: RealTimePacer?

    /// Opens the output at once, so a bad path fails before anything plays.
    public init(path: String, format: AudioFormat = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256), paced: Bool = false,
                replacing: Bool = false) throws(AudioOutputError) {
        self.path = path
        self.format = format
        self.replacing = replacing
        guard replacing || !PosixFile.nameTaken(path) else { throw .fileExists(path: path) }
        do {
            replacement = try ReplacementFile(path: path, mode: ReplacementFile.forTheUser)
        } catch {
            throw .cannotWriteFile(path: path, reason: WavFileOutput.reason(error))
        }
        var info = SF_INFO(frames: 0, samplerate: Int32(format.sampleRate), channels: Int32(format.channels),
                           format: Int32(SF_FORMAT_FLAC) | Int32(SF_FORMAT_PCM_24), sections: 0, seekable: 0)
        // The descriptor stays the replacement's to close.
        guard let file = sf_open_fd(replacement.descriptor, Int32(SFM_WRITE), &info, 0) else {
            throw .cannotWriteFile(path: path, reason: .system(ErrnoText.clause(String(cString: sf_strerror(nil)))))
        }
        sf_command(file, Int32(SFC_SET_CLIPPING), nil, Int32(SF_TRUE))
        self.file = file
        pacer = paced ? RealTimePacer(sampleRate: format.sampleRate, leadFrames: format.blockFrames * 2) : nil
    }

    deinit {
        if !closed { sf_close(file) }
    }

    public func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult {
        pacer?.wait(afterWriting: frames)
        guard sf_writef_float(file, interleaved, sf_count_t(frames)) == sf_count_t(frames) else {
            failed = true
            return .failed(errno: errno != 0 ? errno : EIO)
        }
        return .written
    }

    public func pendingFrames() -> Int? { pacer?.pendingFrames() }

    /// Completes the stream (its header and seek table) and puts the file at `path`.
    public func finish() throws(AudioOutputError) {
        let status = sf_close(file)
        closed = true
        guard status == 0, !failed else {
            throw .closeFailed(target: path, reason: .system(status != 0 ? String(cString: sf_error_number(status)) : ErrnoText.describe(EIO)))
        }
        try WavFileOutput.name(replacement, replacing: replacing)
    }
}
