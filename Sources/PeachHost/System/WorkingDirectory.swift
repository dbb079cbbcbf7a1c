import Glibc

/// The folder Peach was started in, for paths typed relative to it.
public enum WorkingDirectory {
    public static var path: String? {
        guard let folder = getcwd(nil, 0) else { return nil }
        defer { free(folder) }
        return String(cString: folder)
    }

    /// `path` made absolute against the working directory, so it still names
    /// the same file when read back later from elsewhere (a saved preset).
    public static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : Self.path.map { $0 + "/" + path } ?? path
    }
}
