import Glibc
import PeachSupport

/// An exclusive `flock` on a lock file, held while the object lives, for a
/// read-change-write of a file two processes may change at once (the
/// settings, a journal day): the second waits for the first, so both changes
/// stay. The kernel drops the lock when a process dies. Not reentrant: one
/// holder per process at a time.
package final class ExclusiveLock {
    private let file: PosixFile

    /// Waits for the lock on `path`, made if absent; a link planted in its place is refused, never followed.
    package init(path: String) throws(HistoryError) {
        file = try PosixFile(path, flags: O_RDWR | O_CREAT | O_NOFOLLOW)
        var result: Int32
        repeat { result = flock(file.descriptor, LOCK_EX) } while result != 0 && errno == EINTR
        guard result == 0 else { throw .cannotWrite(path: path, reason: ErrnoText.describe(errno)) }
    }
}
