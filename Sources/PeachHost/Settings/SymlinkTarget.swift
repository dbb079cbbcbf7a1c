import Glibc
import PeachFiles
import PeachSupport

/// Where a path that may be a symbolic link really leads, so that a settings
/// file kept by a dotfile manager (`settings.json -> ~/dotfiles/peach.json`)
/// is written through to its target instead of being replaced by a regular file.
package enum SymlinkTarget {
    /// Follows links at the last component of `path` (at most 40, as the kernel does);
    /// a link to a file that does not exist yet leads to where that file will be.
    package static func resolve(_ path: String) throws(SettingsError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw .cannotWrite(path: path, reason: .system(ErrnoText.describe(errno))) }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : ParentFolder.of( current) + "/" + target
        }
        throw .cannotWrite(path: path, reason: .system(ErrnoText.describe(ELOOP)))
    }
}
