import Glibc
import PeachFiles
import PeachSupport

/// The recordings folder of a data folder and its two hidden parts: takes
/// being recorded (`.partial`) and deleted takes (`.trash`).
struct RecordingsFolder {
    let path: String

    init(dataDirectory: String) {
        path = dataDirectory + "/recordings"
    }

    var partials: String { path + "/.partial" }
    var trash: String { path + "/.trash" }

    /// Where the take `name` in `format` lives.
    func takePath(_ name: String, _ format: TakeFormat) -> String { path + "/" + name + "." + format.fileExtension }

    /// The partial file of a take being recorded: a WAV, named for the format it is to become.
    func partialPath(_ name: String, becoming format: TakeFormat) -> String { partials + "/" + name + "." + format.fileExtension + ".wav" }

    /// Makes the folder and its hidden parts (private to the user, like the
    /// data folder, which must exist: `DataDirectory.create`).
    func create() throws(RecordingError) {
        for folder in [path, partials, trash] where mkdir(folder, 0o700) != 0 {
            let code = errno
            guard code == EEXIST else { throw .file(.cannotCreateDirectory(path: folder, reason: ErrnoText.describe(code))) }
            try Self.requireFolder(folder, making: true)
        }
    }

    /// Refuses a link or a file where one of the folders is (absent is fine):
    /// reading commands treat them as `create` does, not as an empty folder or a followed link.
    func requireUsable() throws(RecordingError) {
        for folder in [path, partials, trash] { try Self.requireFolder(folder, making: false) }
    }

    /// `making`: a file in the way is said as a folder that cannot be made, else as one that cannot be read.
    private static func requireFolder(_ folder: String, making: Bool) throws(RecordingError) {
        var status = stat()
        guard lstat(folder, &status) == 0 else {
            if errno == ENOENT { return }
            throw .file(.cannotRead(path: folder, reason: ErrnoText.describe(errno)))
        }
        if status.st_mode & S_IFMT == S_IFLNK { throw .file(.symbolicLink(path: folder)) }
        if status.st_mode & S_IFMT != S_IFDIR {
            throw .file(making ? .fileInTheWay(path: folder) : .cannotRead(path: folder, reason: ErrnoText.describe(ENOTDIR)))
        }
    }

    /// Makes an entry of `folder` durable: a rename, a new link, an unlink.
    static func sync(_ folder: String) throws(RecordingError) {
        do { try PosixFile.syncDirectory(folder) } catch { throw .file(error) }
    }

    /// Puts `source` at `target` only if nothing is there (a hard link, then
    /// the old name removed): a rename that can never overwrite.
    static func move(_ source: String, to target: String, takeName: String) throws(RecordingError) {
        try link(source, to: target, takeName: takeName)
        unlink(source)
    }

    /// A second name for `source` at `target`, refused if anything is there.
    static func link(_ source: String, to target: String, takeName: String) throws(RecordingError) {
        guard Glibc.link(source, target) == 0 else {
            if errno == EEXIST { throw .nameTaken(takeName) }
            throw .cannotWrite(path: target, reason: ErrnoText.describe(errno))
        }
    }
}
