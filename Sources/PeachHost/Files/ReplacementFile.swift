import Glibc
import PeachSupport

/// A new version of a file, written under a temporary name in the same folder
/// (`<path>.tmp-<pid>`) and renamed over `path` only by `commit`. Dropped
/// before that (an error, a failed render), it removes the temporary file and
/// the old file stays as it was. Errors name `path`, the file asked for, never
/// the temporary name.
public final class ReplacementFile {
    public let path: String
    /// Where the new content is until `commit`.
    public let temporary: String
    private let file: PosixFile
    private var committed = false

    /// The mode of files made for the user (exports, pictures, recordings):
    /// the user's umask decides, as for any file a program creates.
    public static let forTheUser: mode_t = 0o666

    /// Opens the temporary file; `mode` is trimmed by the umask.
    public init(path: String, mode: mode_t) throws(HistoryError) {
        self.path = path
        temporary = AtomicFile.temporaryPath(for: path, process: getpid())
        do {
            file = try PosixFile(temporary, flags: O_WRONLY | O_CREAT | O_TRUNC | PosixFile.inDataFolder, mode: mode)
        } catch {
            throw Self.naming(path, error)
        }
    }

    deinit {
        if !committed { unlink(temporary) }
    }

    /// The open temporary file, for writing in place (a WAV header filled in at the end).
    public var descriptor: Int32 { file.descriptor }

    public func write(_ bytes: [UInt8]) throws(HistoryError) {
        do { try file.write(bytes) } catch { throw Self.naming(path, error) }
    }

    /// Syncs the new content, renames it over `path` and syncs the folder;
    /// removes temporary files of `path` left by processes that died.
    public func commit() throws(HistoryError) {
        do throws(HistoryError) {
            try keepModeAndOwner()
            try file.sync()
            guard rename(temporary, path) == 0 else { throw .cannotWrite(path: path, reason: ErrnoText.describe(errno)) }
        } catch {
            throw Self.naming(path, error)
        }
        committed = true
        let folder = ParentFolder.of( path)
        try PosixFile.syncDirectory(folder)
        let name = path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]
        AtomicFile.removeStaleTemporaries(in: folder) { $0 == name }
    }

    /// The file replaced keeps what the user gave it: its mode (0644 stayed
    /// 0600 after a change), its owner when Peach runs as root (`sudo peach
    /// settings set` made the user's file root's), and a read-only file
    /// (chmod 444) is not replaced at all.
    private func keepModeAndOwner() throws(HistoryError) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        guard status.st_mode & S_IWUSR != 0 else { throw .readOnly(path: path) }
        fchmod(file.descriptor, status.st_mode & 0o7777)
        if getuid() == 0 { fchown(file.descriptor, status.st_uid, status.st_gid) }
    }

    /// Like `commit`, but only if nothing is at `path` yet: a file made
    /// meanwhile (or a link) is left as it is, the new content is dropped at
    /// once, and the answer is false. For files that must never replace
    /// another (an export the user names).
    public func commitIfAbsent() throws(HistoryError) -> Bool {
        do { try file.sync() } catch { throw Self.naming(path, error) }
        // link(2) makes the name only if it is free; the temporary name goes either way.
        let linked = link(temporary, path) == 0, code = errno
        unlink(temporary)
        committed = true
        guard linked else {
            if code == EEXIST { return false }
            throw .cannotWrite(path: path, reason: ErrnoText.describe(code))
        }
        try PosixFile.syncDirectory(ParentFolder.of(path))
        return true
    }

    /// A new file for the user (an export, a render): `commitIfAbsent`, with
    /// a name taken as `.exists`; or `commit` where the file there is the
    /// run's own (`replacing`).
    public func commitNew(replacing: Bool = false) throws(HistoryError) {
        if replacing { try commit() } else if try !commitIfAbsent() { throw .exists(path: path) }
    }

    private static func naming(_ path: String, _ error: HistoryError) -> HistoryError {
        if case .cannotWrite(_, let reason) = error { return .cannotWrite(path: path, reason: reason) }
        return error
    }
}
