import Glibc

/// Where Peach looks for sound-source libraries, in order; the first library
/// to offer a source id wins.
public struct PluginSearchPath: Sendable, Equatable {
    public var directories: [String]
    /// Folders that hold other shared libraries too (the program's own): a
    /// library there without a Peach entry point is skipped, not reported.
    public var sharedDirectories: [String]

    public init(directories: [String], sharedDirectories: [String] = []) {
        self.directories = directories
        self.sharedDirectories = sharedDirectories
    }

    /// Whether `rejection` is only a foreign library in a shared folder.
    func isQuiet(_ rejection: PluginRejection) -> Bool {
        rejection.isNotAPlugin && sharedDirectories.contains { folder in
            PluginPath.canonical(folder).map { rejection.path.hasPrefix($0 + "/") } ?? false
        }
    }

    /// `--plugin-path` folders, then `PEACH_PLUGIN_PATH` (colon-separated), then
    /// the per-user and system folders, then the folder of the running program
    /// (so a fresh `swift build` finds the plugins it built beside it).
    public static func standard(
        commandLine: [String] = [],
        environment: [String: String] = Environment.current,
        executableDirectory: String? = PluginPath.executableDirectory()
    ) -> PluginSearchPath {
        var directories = commandLine
        if let fromEnvironment = environment["PEACH_PLUGIN_PATH"] {
            directories += fromEnvironment.split(separator: ":").map(String.init)
        }
        if let home = environment["HOME"], !home.isEmpty {
            directories.append(home + "/.local/lib/peach/plugins")
        }
        directories += ["/usr/local/lib/peach/plugins", "/usr/lib/peach/plugins"]
        if let executableDirectory { directories.append(executableDirectory) }
        return PluginSearchPath(directories: directories, sharedDirectories: executableDirectory.map { [$0] } ?? [])
    }

    /// Every `.so` in the search path, canonical and without repeats, in search order.
    /// Missing folders are skipped silently: most users have only some of them.
    public func candidateLibraries() -> [String] {
        var seen = Set<String>()
        var libraries: [String] = []
        for directory in directories {
            for name in PluginPath.entries(of: directory).sorted() where name.hasSuffix(".so") {
                guard let canonical = PluginPath.canonical(directory + "/" + name), seen.insert(canonical).inserted else { continue }
                libraries.append(canonical)
            }
        }
        return libraries
    }
}

/// File-system helpers for plugin discovery.
public enum PluginPath {
    /// The real path with symbolic links and `..` resolved, or nil if it does not exist.
    public static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The folder that holds the running program.
    public static func executableDirectory() -> String? {
        guard let executable = canonical("/proc/self/exe") else { return nil }
        return String(executable[..<(executable.lastIndex(of: "/") ?? executable.endIndex)])
    }

    static func entries(of directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
