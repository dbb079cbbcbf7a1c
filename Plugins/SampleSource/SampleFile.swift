import CSndFile
import Glibc

/// Reads a sample through libsndfile, at activate (never on the audio
/// thread), and checks that it will do, saying why not with its path.
enum SampleFile {
    /// A sample is a one-shot: a longer file is more likely a mistake (a whole song) and would hold much memory.
    static let longestSeconds = 10.0

    /// The sound in `path`, at `sampleRate`, mixed for `outputChannels` (1, or 2 and more).
    static func load(_ path: String, sampleRate: Double, outputChannels: Int) throws(SampleError) -> SampleSound {
        try checkFile(path)
        var info = SF_INFO()
        guard let file = sf_open(path, Int32(SFM_READ), &info) else {
            throw .notSound(path: path, reason: String(cString: sf_strerror(nil)))
        }
        defer { sf_close(file) }
        guard info.samplerate > 0 else { throw .notSound(path: path, reason: "it has no sample rate") }
        guard (1...2).contains(info.channels) else { throw .channels(path: path, count: Int(info.channels)) }
        guard info.frames > 0 else { throw .noFrames(path: path) }
        let seconds = Double(info.frames) / Double(info.samplerate)
        guard seconds <= longestSeconds else { throw .tooLong(path: path, seconds: seconds, limit: longestSeconds) }

        let channels = Int(info.channels), frames = Int(info.frames)
        var interleaved = [Float](repeating: 0, count: frames * channels)
        let read = interleaved.withUnsafeMutableBufferPointer { Int(sf_readf_float(file, $0.baseAddress, sf_count_t(frames))) }
        guard read == frames else { throw .cutShort(path: path, promised: frames, read: read) }
        // Exact silence before the sound is dropped, so that the sound starts on the note's frame
        // (and the host, which takes a note that is exact silence for 100 ms as a broken source, hears it).
        guard let first = (0..<frames).first(where: { frame in (0..<channels).contains { interleaved[frame * channels + $0] != 0 } }) else {
            throw .silent(path: path)
        }
        var planar = (0..<channels).map { channel in
            stride(from: first * channels + channel, to: frames * channels, by: channels).map { interleaved[$0] }
        }
        if outputChannels == 1 && channels == 2 { planar = [zip(planar[0], planar[1]).map { ($0 + $1) / 2 }] }
        let rate = Double(info.samplerate)
        return SampleSound(planar.map { LinearResampler.resample($0, from: rate, to: sampleRate) })
    }

    /// Missing, a folder, empty or unreadable: said before libsndfile, whose words for these are vaguer.
    private static func checkFile(_ path: String) throws(SampleError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw errno == ENOENT ? .missing(path: path) : .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .folder(path: path)
        default: throw .notAFile(path: path)
        }
        guard status.st_size > 0 else { throw .empty(path: path) }
        guard access(path, R_OK) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
    }
}
