import Glibc
import PeachFiles
import PeachSupport

/// An exclusive `flock` on `<data>/<machine>.lock`, held while the object
/// lives: one training Peach per machine and data folder, so two never append
/// to one history file at once. The kernel drops it when the process dies.
package final class TrainingLock {
    private let file: PosixFile

    /// Takes the lock at once or fails: `.alreadyTraining` if another process holds it.
    package init(path: String, dataDirectory: String) throws(HistoryError) {
        file = try PosixFile(path, flags: O_RDWR | O_CREAT | PosixFile.inDataFolder)
        var result: Int32
        repeat { result = flock(file.descriptor, LOCK_EX | LOCK_NB) } while result != 0 && errno == EINTR
        guard result == 0 else {
            if errno == EWOULDBLOCK { throw .alreadyTraining(directory: dataDirectory) }
            throw .cannotWrite(path: path, reason: ErrnoText.describe(errno))
        }
    }
}
