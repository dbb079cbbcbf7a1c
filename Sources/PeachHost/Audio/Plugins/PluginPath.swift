import Glibc
import PeachSupport

/// Where Peach looks for sound-source libraries, in order; the first library
/// to offer a source id wins.
public struct PluginSearchPath: Sendable, Equatable {
    public var directories: [String]
    /// Folders that hold other shared libraries too (the program's own): a
    /// library there without a Peach entry point is skipped, not reported.
    public var sharedDirectories: [String]
    /// Whether folders anyone may write to are searched all the same
    /// (`PEACH_ALLOW_WRITABLE_PLUGINS=1`): whoever can write there can run code as the user.
    public var allowsWritableFolders: Bool
    /// What was said about the search path itself (relative entries).
    public private(set) var warnings: [PluginFolderWarning] = []
    /// Where Peach's own plugins are: the program's folder, and `lib/peach/plugins` beside its `bin`.
    public var ownDirectories: [String] = []

    public init(directories: [String], sharedDirectories: [String] = [], allowsWritableFolders: Bool = false) {
        self.directories = directories
        self.sharedDirectories = sharedDirectories
        self.allowsWritableFolders = allowsWritableFolders
    }

    /// Whether `rejection` is only a foreign library in a shared folder.
    func isQuiet(_ rejection: PluginRejection) -> Bool {
        rejection.isNotAPlugin && sharedDirectories.contains { folder in
            PluginPath.canonical(folder).map { rejection.path.hasPrefix($0 + "/") } ?? false
        }
    }

    /// `--plugin-path` folders, then `PEACH_PLUGIN_PATH` (colon-separated), then
    /// the per-user folder, then `lib/peach/plugins` beside the program's `bin`
    /// folder (where `make install` put the plugins that came with it, whatever
    /// the PREFIX), then the system folders, then the folder of the running
    /// program (so a fresh `swift build` finds the plugins it built beside it).
    public static func standard(
        commandLine: [String] = [],
        environment: [String: String] = Environment.current,
        executableDirectory: String? = PluginPath.executableDirectory()
    ) -> PluginSearchPath {
        var directories = commandLine
        var warnings: [PluginFolderWarning] = []
        if let fromEnvironment = environment["PEACH_PLUGIN_PATH"] {
            for entry in fromEnvironment.split(separator: ":").map(String.init) {
                // A relative entry means something different in every folder the user starts Peach from.
                guard !entry.hasPrefix("/") else {
                    directories.append(entry)
                    continue
                }
                let resolved = WorkingDirectory.absolute(entry)
                warnings.append(.relativeEntry(entry: entry, resolved: resolved))
                directories.append(resolved)
            }
        }
        // A folder the user named that is not there is most likely a typo; the usual folders below may well be missing.
        // A file named there (a library itself, say) is said as such.
        for folder in directories where !PluginPath.isFolder(folder) {
            warnings.append(PluginPath.exists(folder) ? .notAFolder(path: folder) : .missingFolder(folder: folder))
        }
        if let home = environment["HOME"], !home.isEmpty {
            directories.append(home + "/.local/lib/peach/plugins")
        }
        let installed = executableDirectory.map { String($0[..<($0.lastIndex(of: "/") ?? $0.startIndex)]) + "/lib/peach/plugins" }
        if let installed { directories.append(installed) }
        directories += ["/usr/local/lib/peach/plugins", "/usr/lib/peach/plugins"]
        if let executableDirectory { directories.append(executableDirectory) }
        var path = PluginSearchPath(directories: directories, sharedDirectories: executableDirectory.map { [$0] } ?? [],
                                    allowsWritableFolders: environment["PEACH_ALLOW_WRITABLE_PLUGINS"] == "1")
        path.warnings = warnings
        path.ownDirectories = [executableDirectory, installed].compactMap { $0 }
        return path
    }

    /// Every `.so` in the search path, canonical and without repeats, in search order,
    /// and what was said about the folders: the relative entries and the folders
    /// named that are missing (`standard`), and each folder skipped because
    /// anyone may write to it or to a library in it (unless allowed). The usual
    /// folders are skipped silently when missing: most users have only some of them.
    public func candidateLibraries() -> (libraries: [String], warnings: [PluginFolderWarning]) {
        var seen = Set<String>()
        var libraries: [String] = []
        var warnings = self.warnings
        for directory in directories {
            let names = FolderEntries.names(in: directory).sorted().filter { $0.hasSuffix(".so") }
            guard !names.isEmpty else { continue }
            if !allowsWritableFolders, let writable = PluginPath.worldWritable(directory, names: names) {
                warnings.append(.worldWritable(folder: directory, writable: writable))
                continue
            }
            for name in names {
                guard let canonical = PluginPath.canonical(directory + "/" + name), seen.insert(canonical).inserted else { continue }
                libraries.append(canonical)
            }
        }
        return (libraries, warnings)
    }
}

/// Something about a plugin folder the user should know.
public enum PluginFolderWarning: Equatable, Sendable {
    /// A `PEACH_PLUGIN_PATH` entry that is not absolute, and the folder it was taken to mean.
    case relativeEntry(entry: String, resolved: String)
    /// A folder skipped because `writable` (the folder itself or a library in it) may be written by anyone.
    case worldWritable(folder: String, writable: String)
    /// A folder given with `--plugin-path` or `PEACH_PLUGIN_PATH` that is not there.
    case missingFolder(folder: String)
    /// A folder given with `--plugin-path` or `PEACH_PLUGIN_PATH` that is a file (a plugin library itself, say).
    case notAFolder(path: String)
}

/// File-system helpers for plugin discovery.
public enum PluginPath {
    /// The real path with symbolic links and `..` resolved, or nil if it does not exist.
    public static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is a folder (following links).
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether anything is at `path` (following links).
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The folder that holds the running program.
    public static func executableDirectory() -> String? {
        guard let executable = canonical("/proc/self/exe") else { return nil }
        return String(executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)])
    }

    /// The folder, or else the first of its libraries `names`, that anyone may
    /// write to (a sticky bit, as on /tmp, does not help: anyone may add a library there).
    static func worldWritable(_ directory: String, names: [String]) -> String? {
        func writableByAnyone(_ path: String) -> Bool {
            var status = stat()
            return stat(path, &status) == 0 && status.st_mode & S_IWOTH != 0
        }
        if writableByAnyone(directory) { return directory }
        return names.map { directory + "/" + $0 }.first(where: writableByAnyone)
    }
}
