import Glibc
import PeachFiles

/// The end of a history file after a crash in the middle of an append: bytes
/// after the last newline. Before appending, they are moved into a file of
/// their own beside it, so a new line never glues onto a fragment and nothing
/// is thrown away. A whole answer that only lacks its newline (a file cut
/// exactly at a line's end, or written by another tool) is no fragment: it
/// gets its newline and stays.
package enum TornTail {
    /// Moves a torn tail of `path` into `<path>.torn-<unix time>` (made durable
    /// first), then truncates `path` to its last newline. Returns the new
    /// file's path, or nil if `path` is missing, empty or ends in a newline
    /// or in a whole answer (which is then ended with a newline).
    @discardableResult
    package static func setAside(in path: String, now: Int = time(nil)) throws(HistoryError) -> String? {
        guard let file = try PosixFile.openIfPresent(path, flags: O_RDWR | O_APPEND | PosixFile.inDataFolder) else { return nil }
        let size = try file.size()
        guard size > 0 else { return nil }
        let keep = try lengthThroughLastNewline(of: file, size: size)
        guard keep < size else { return nil }
        let fragment = try file.read(from: keep)
        if (try? fragment.withUnsafeBufferPointer { bytes throws(HistoryLineError) in try HistoryLine.decode(bytes) }) != nil {
            try file.write([UInt8(ascii: "\n")])
            try file.syncData()
            return nil
        }
        let aside = try createUnused(path + ".torn-\(now)")
        try aside.write(fragment)
        try aside.sync()
        try PosixFile.syncDirectory(ParentFolder.of(path))
        try file.truncate(to: keep)
        try file.syncData()
        return aside.path
    }

    /// The file's length up to and including its last newline (0 if it has none).
    private static func lengthThroughLastNewline(of file: borrowing PosixFile, size: Int) throws(HistoryError) -> Int {
        var end = size
        var chunk = [UInt8](repeating: 0, count: 65536)
        while end > 0 {
            let start = max(0, end - chunk.count)
            let count = end - start
            _ = try file.read(into: &chunk, 0..<count, at: start)
            if let last = chunk[..<count].lastIndex(of: 0x0A) { return start + last + 1 }
            end = start
        }
        return 0
    }

    /// A new file at `path`, or at `path-2`, `path-3`… if that is taken.
    private static func createUnused(_ path: String) throws(HistoryError) -> PosixFile {
        var candidate = path
        var suffix = 1
        while true {
            do {
                return try PosixFile(candidate, flags: O_WRONLY | O_CREAT | O_EXCL)
            } catch .cannotWrite(_, _) where access(candidate, F_OK) == 0 {
                suffix += 1
                candidate = path + "-\(suffix)"
            }
        }
    }
}
