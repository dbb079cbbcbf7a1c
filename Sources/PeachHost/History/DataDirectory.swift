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
    package static func create(_ path: String) throws(HistoryError) {
        try FolderCreation.create(path)
    }

    /// Refuses a file (or anything but a folder) at `path` or among its
    /// parents; a folder not made yet is fine, and nothing is made.
    public static func requireFolderIfPresent(_ path: String) throws(HistoryError) {
        try FolderCreation.requireFolderIfPresent(path)
    }
}
