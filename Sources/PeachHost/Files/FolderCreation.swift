import Glibc
import PeachSupport

/// Folders Peach keeps its own files in (the data folder and those inside it).
package enum FolderCreation {
    /// Creates `path` and any missing parents with mode 0700 (private to the user).
    /// Folders that already exist are left as they are.
    package static func create(_ path: String) throws(HistoryError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 { continue }
            let code = errno
            if code == EEXIST && isDirectory(prefix) { continue }
            throw code == EEXIST ? .fileInTheWay(path: prefix) : .cannotCreateDirectory(path: prefix, reason: ErrnoText.describe(code))
        }
    }

    /// Refuses anything but a folder (or a link to one) at `path`, to be read
    /// as one; nothing there is fine, and nothing is made.
    package static func requireFolderIfPresent(_ path: String) throws(HistoryError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            // A file among its parents: ENOTDIR, said as the system says it.
            if errno != ENOENT { throw .cannotRead(path: path, reason: ErrnoText.describe(errno)) }
            return
        }
        if !isDirectory(path) { throw .cannotRead(path: path, reason: ErrnoText.describe(ENOTDIR)) }
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
