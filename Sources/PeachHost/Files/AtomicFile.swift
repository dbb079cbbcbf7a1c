import Glibc
import PeachSupport

/// Whole-file replacement that a crash cannot tear: readers see the old
/// content or the new, never a mixture. Also used for the files Peach writes
/// for the user (an export, a picture).
public enum AtomicFile {
    /// Writes `bytes` to a temporary file in the same folder, syncs it,
    /// renames it over `path` and syncs the folder (`ReplacementFile`). A
    /// temporary file left by a process that died is overwritten (ours) or
    /// removed (another's). `mode` before the umask: private unless the file
    /// is made for the user (`ReplacementFile.forTheUser`).
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(HistoryError) {
        let file = try ReplacementFile(path: path, mode: mode)
        try file.write(bytes)
        try file.commit()
    }

    /// Writes `bytes` as a new file for the user (an export, a picture), as
    /// `write` does, but never in place of another: a file at `path`, even one
    /// made meanwhile, stays as it is, and the answer is `.exists`. Standard
    /// output (`-`), a device or a pipe is written directly.
    public static func writeNew(_ bytes: [UInt8], to path: String) throws(HistoryError) {
        if PosixFile.writesDirectly(path) { return try PosixFile.writeDirectly(bytes, to: path) }
        guard !PosixFile.nameTaken(path) else { throw .exists(path: path) }
        let file = try ReplacementFile(path: path, mode: ReplacementFile.forTheUser)
        try file.write(bytes)
        try file.commitNew()
    }

    package static func temporaryPath(for path: String, process: pid_t) -> String {
        path + temporaryMarker + "\(process)"
    }

    private static let temporaryMarker = ".tmp-"

    /// Removes the temporary files `<name>.tmp-<pid>` in `folder` that a
    /// process of this machine left when it died (killed in the middle of a
    /// write), for each `<name>` that `isOurs` accepts: only regular files
    /// (a link is left alone, never followed), only when no process
    /// with that id runs.
    package static func removeStaleTemporaries(in folder: String, where isOurs: (Substring) -> Bool) {
        for entry in FolderEntries.names(in: folder) {
            let name = Substring(entry)
            guard let dot = name.lastIndex(of: "."), name[dot...].hasPrefix(temporaryMarker), isOurs(name[..<dot]),
                  let process = pid_t(name[dot...].dropFirst(temporaryMarker.count)), process > 0, process != getpid() else { continue }
            var status = stat()
            guard lstat(folder + "/" + entry, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            if kill(process, 0) != 0 && errno == ESRCH { unlink(folder + "/" + entry) }
        }
    }
}
