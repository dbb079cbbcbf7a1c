import CSndFile
import Glibc
import PeachSupport

/// A take's file opened for reading through libsndfile, without following a
/// link and without blocking on a FIFO: what the folder holds is read as it
/// is, and a file that is not a take is said to be so.
final class TakeFile {
    let path: String
    let file: OpaquePointer
    var info = SF_INFO()
    private let descriptor: Int32

    private init(path: String, descriptor: Int32, file: OpaquePointer, info: SF_INFO) {
        (self.path, self.descriptor, self.file, self.info) = (path, descriptor, file, info)
    }

    deinit {
        sf_close(file)
        close(descriptor)
    }

    /// Opens `path`; throws why it is not a readable sound file.
    static func open(_ path: String) throws(RecordingError) -> TakeFile {
        let descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw errno == ELOOP ? .damaged(path: path, .symbolicLink) : .cannotRead(path: path, reason: ErrnoText.describe(errno))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .damaged(path: path, .notRegularFile)
        }
        if status.st_size == 0 {
            close(descriptor)
            throw .damaged(path: path, .empty)
        }
        var info = SF_INFO()
        guard let file = sf_open_fd(descriptor, Int32(SFM_READ), &info, 0) else {
            let reason = ErrnoText.clause(String(cString: sf_strerror(nil)))
            close(descriptor)
            throw .damaged(path: path, .unreadable(reason: reason))
        }
        return TakeFile(path: path, descriptor: descriptor, file: file, info: info)
    }

    /// A tag the file carries (`SF_STR_DATE`, …), if any.
    func string(_ which: Int32) -> String? {
        sf_get_string(file, which).map { String(cString: $0) }
    }

    /// The time the file's date tag gives, if it is Peach's stamp.
    var startTime: Int64? { string(Int32(SF_STR_DATE)).flatMap(TakeStamp.time) }

    /// Reads the file's last frames: a file cut short (a copy broken off, a
    /// disk that failed) cannot give them, and is damaged.
    func checkEnd() throws(RecordingError) {
        let tail = min(info.frames, 4096)
        guard tail > 0 else { return }
        var buffer = [Float](repeating: 0, count: Int(tail) * Int(info.channels))
        let at = sf_seek(file, info.frames - tail, SEEK_SET)
        let read = at < 0 ? 0 : buffer.withUnsafeMutableBufferPointer { sf_readf_float(file, $0.baseAddress, tail) }
        guard at >= 0, read == tail else {
            throw .damaged(path: path, .truncated(declared: info.frames))
        }
    }
}
