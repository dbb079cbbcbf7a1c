import Glibc

/// The names in a folder, as `readdir` gives them (no `.` or `..`, in no
/// particular order).
public enum FolderEntries {
    /// The system's reason a folder could not be opened (`ENOENT`: there is none).
    public struct OpenFailure: Error, Equatable {
        public let code: Int32
    }

    /// None for a folder that cannot be opened: for folders Peach only looks
    /// in (plugin folders, its own temporary files), where an unreadable one holds nothing usable.
    public static func names(in directory: String) -> [String] {
        (try? listed(directory)) ?? []
    }

    /// The names, or why the folder could not be opened.
    public static func listed(_ directory: String) throws(OpenFailure) -> [String] {
        guard let stream = opendir(directory) else { throw OpenFailure(code: errno) }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
