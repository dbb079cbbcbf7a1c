import Glibc

/// Whole-file replacement that a crash cannot tear: readers see the old
/// content or the new, never a mixture. Also used for the files Peach writes
/// for the user (an export, a picture).
public enum AtomicFile {
    /// Writes `bytes` to a temporary file in the same folder, syncs it,
    /// renames it over `path` and syncs the folder. A temporary file left by
    /// a process that died is overwritten (ours) or removed (another's).
    public static func write(_ bytes: [UInt8], to path: String) throws(HistoryError) {
        let folder = TornTail.directory(of: path)
        let temporary = temporaryPath(for: path, process: getpid())
        do throws(HistoryError) {
            let file = try PosixFile(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC)
            try file.write(bytes)
            try file.sync()
            guard rename(temporary, path) == 0 else { throw .cannotWrite(path: path, reason: ErrnoText.describe(errno)) }
        } catch {
            unlink(temporary)
            throw error
        }
        try PosixFile.syncDirectory(folder)
        removeStaleTemporaries(of: path, in: folder)
    }

    static func temporaryPath(for path: String, process: pid_t) -> String {
        path + ".tmp-\(process)"
    }

    /// Removes `<path>.tmp-<pid>` files whose process no longer exists.
    private static func removeStaleTemporaries(of path: String, in folder: String) {
        let prefix = String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]) + ".tmp-"
        for name in PluginPath.entries(of: folder) where name.hasPrefix(prefix) {
            guard let process = pid_t(name.dropFirst(prefix.count)), process != getpid() else { continue }
            if kill(process, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
        }
    }
}
