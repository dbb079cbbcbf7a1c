/// Why a sample file will not do. Each sentence names the file, as the
/// host shows it when the source cannot start.
enum SampleError: Error, Equatable, CustomStringConvertible {
    case noFile
    case missing(path: String)
    case folder(path: String)
    case notAFile(path: String)
    case unreadable(path: String, reason: String)
    case empty(path: String)
    case notSound(path: String, reason: String)
    case channels(path: String, count: Int)
    case noFrames(path: String)
    case tooLong(path: String, seconds: Double, limit: Double)
    case cutShort(path: String, promised: Int, read: Int)
    case silent(path: String)

    var description: String {
        switch self {
        case .noFile:
            "no sample chosen: set the option file to the path of a WAV or FLAC file"
        case .missing(let path):
            "the sample \(path) does not exist"
        case .folder(let path):
            "\(path) is a folder, not a sample"
        case .notAFile(let path):
            "\(path) is not a file, so not a sample"
        case .unreadable(let path, let reason):
            "cannot read the sample \(path): \(reason)"
        case .empty(let path):
            "the sample \(path) is empty (0 bytes)"
        case .notSound(let path, let reason):
            "\(path) is not a sound file libsndfile can read (WAV, FLAC, Ogg, AIFF …): \(reason)"
        case .channels(let path, let count):
            "the sample \(path) has \(count) channels; a sample must be mono or stereo"
        case .noFrames(let path):
            "the sample \(path) holds no sound: it has no frames"
        case .tooLong(let path, let seconds, let limit):
            "the sample \(path) lasts \((seconds * 10).rounded() / 10) s; a sample may last at most \(Int(limit)) s"
        case .cutShort(let path, let promised, let read):
            "the sample \(path) is cut short: its header promises \(promised) frames, only \(read) could be read"
        case .silent(let path):
            "the sample \(path) holds only silence: every sample is 0"
        }
    }
}
