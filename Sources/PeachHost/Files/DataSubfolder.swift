import Glibc
import PeachSupport

/// A folder inside the data folder (`history`, `profile`, `journal`, its
/// `.trash`, `grid`). The data folder itself may be a link (a user keeps it
/// in a synced place); a link inside it is never followed, so nothing Peach
/// writes, moves or deletes lands outside it, and a planted link is said,
/// not used. A folder that cannot be read is an error naming it, never an
/// empty folder: a backup of "no answers" must not look like success.
package enum DataSubfolder {
    /// Makes `path` (and its parents, mode 0700) if absent; refuses a link or a file there.
    package static func create(_ path: String) throws(HistoryError) {
        try requireIfPresent(path)
        try FolderCreation.create(path)
    }

    /// Refuses a link, or anything but a folder, at `path`; nothing there is fine, and nothing is made.
    package static func requireIfPresent(_ path: String) throws(HistoryError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw .cannotRead(path: path, reason: ErrnoText.describe(errno))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return
        case S_IFLNK: throw .symbolicLink(path: path)
        default: throw .cannotRead(path: path, reason: ErrnoText.describe(ENOTDIR))
        }
    }

    /// The names in `path`: none if it is not there; a link or a folder that cannot be read is an error.
    package static func names(in path: String) throws(HistoryError) -> [String] {
        try requireIfPresent(path)
        do throws(FolderEntries.OpenFailure) {
            return try FolderEntries.listed(path)
        } catch {
            if error.code == ENOENT { return [] }
            throw .cannotRead(path: path, reason: ErrnoText.describe(error.code))
        }
    }
}
