import Glibc
import PeachFiles
import PeachSupport

/// Where Peach keeps its training history and profile snapshots:
/// `--data-dir` if given, else `$XDG_DATA_HOME/peach`, else `~/.local/share/peach`.
public enum DataDirectory {
    /// The data folder's path; it may not exist yet (`HistoryStore` creates it).
    /// A relative `XDG_DATA_HOME` is ignored, as the XDG specification asks.
    public static func resolve(override: String?, environment: [String: String] = Environment.current) throws(HistoryError) -> String {
        if let override, !override.isEmpty { return override }
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") { return dataHome + "/peach" }
        guard let home = environment["HOME"], !home.isEmpty else { throw .noDataDirectory }
        return home + "/.local/share/peach"
    }

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

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
