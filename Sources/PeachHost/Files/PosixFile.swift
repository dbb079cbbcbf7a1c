import Glibc
import PeachSupport

/// An open file descriptor for the history's careful I/O: every call retries
/// on EINTR, loops over partial reads and writes, and reports failures as
/// `HistoryError`s naming the file. Closed when it goes out of scope.
package struct PosixFile: ~Copyable {
    package let descriptor: Int32
    package let path: String

    /// The flags every file of the data folder is opened with: a symbolic link
    /// planted there (a synced folder is writable from other machines) is
    /// refused, never followed, so the file it points to is never truncated,
    /// written or copied; a FIFO cannot block the open. See `requireRegular`.
    package static let inDataFolder = O_NOFOLLOW | regularOnly

    /// The flags for a file the user may keep as a link (the settings, in a
    /// dotfiles folder): the link is followed, but a FIFO cannot block the
    /// open, and anything but a regular file is refused.
    package static let regularOnly = O_NONBLOCK

    /// Opens `path` (always with O_CLOEXEC). Failures are read errors unless
    /// `flags` ask for writing. With `inDataFolder` or `regularOnly` among
    /// the flags, anything but a regular file is refused.
    package init(_ path: String, flags: Int32 = O_RDONLY, mode: mode_t = 0o600) throws(HistoryError) {
        let (descriptor, code) = Self.open(path, flags: flags, mode: mode)
        guard descriptor >= 0 else { throw Self.failure(path, flags: flags, code: code) }
        if flags & (O_NOFOLLOW | Self.regularOnly) != 0 { try Self.requireRegular(descriptor, path) }
        self.init(descriptor: descriptor, path: path)
    }

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    /// The file opened (for reading, unless `flags` say otherwise), or nil if it does not exist.
    package static func openIfPresent(_ path: String, flags: Int32 = O_RDONLY) throws(HistoryError) -> PosixFile? {
        let (descriptor, code) = open(path, flags: flags, mode: 0)
        guard descriptor >= 0 else {
            if code == ENOENT { return nil }
            throw failure(path, flags: flags, code: code)
        }
        if flags & (O_NOFOLLOW | regularOnly) != 0 { try requireRegular(descriptor, path) }
        return PosixFile(descriptor: descriptor, path: path)
    }

    private static func failure(_ path: String, flags: Int32, code: Int32) -> HistoryError {
        if code == ELOOP && flags & O_NOFOLLOW != 0 { return .symbolicLink(path: path) }
        let reason = ErrnoText.describe(code)
        return flags & (O_WRONLY | O_RDWR) != 0 ? .cannotWrite(path: path, reason: reason) : .cannotRead(path: path, reason: reason)
    }

    /// Refuses (and closes) a descriptor that is not a regular file (a device, a FIFO, a folder).
    private static func requireRegular(_ descriptor: Int32, _ path: String) throws(HistoryError) {
        var status = stat()
        let error: HistoryError
        if fstat(descriptor, &status) != 0 {
            error = .cannotRead(path: path, reason: ErrnoText.describe(errno))
        } else if status.st_mode & S_IFMT != S_IFREG {
            error = .notRegularFile(path: path)
        } else {
            return
        }
        close(descriptor)
        throw error
    }

    /// The descriptor, or -1 and errno.
    private static func open(_ path: String, flags: Int32, mode: mode_t) -> (descriptor: Int32, errno: Int32) {
        while true {
            let descriptor = Glibc.open(path, flags | O_CLOEXEC, mode)
            if descriptor >= 0 || errno != EINTR { return (descriptor, descriptor >= 0 ? 0 : errno) }
        }
    }

    deinit { close(descriptor) }

    package func size() throws(HistoryError) -> Int {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .cannotRead(path: path, reason: ErrnoText.describe(errno)) }
        return Int(status.st_size)
    }

    /// Reads up to `buffer.count` bytes at `offset`; fewer only at the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(HistoryError) -> Int {
        var total = 0
        while total < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + total, buffer.count - total, off_t(offset + total))
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .cannotRead(path: path, reason: ErrnoText.describe(errno)) }
            if count == 0 { break }
            total += count
        }
        return total
    }

    /// Reads into `buffer[range]` from `offset`; fewer bytes only at the end of the file.
    package func read(into buffer: inout [UInt8], _ range: Range<Int>, at offset: Int) throws(HistoryError) -> Int {
        try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(HistoryError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[range]), at: offset) }
        }.get()
    }

    /// Everything from `offset` to the end of the file.
    package func read(from offset: Int = 0) throws(HistoryError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(0, try size() - offset))
        let count = try read(into: &bytes, bytes.indices, at: offset)
        return Array(bytes.prefix(count))
    }

    /// Writes all of `bytes` (with O_APPEND, as one write(2) unless the kernel splits it).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(HistoryError) {
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .cannotWrite(path: path, reason: ErrnoText.describe(count == 0 ? EIO : errno)) }
            written += count
        }
    }

    package func write(_ bytes: [UInt8]) throws(HistoryError) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(HistoryError) in try write(buffer) } }.get()
    }

    /// Flushes the data (and the metadata needed to read it) to the disk.
    package func syncData() throws(HistoryError) {
        guard fdatasync(descriptor) == 0 else { throw .cannotWrite(path: path, reason: ErrnoText.describe(errno)) }
    }

    /// Flushes data and all metadata to the disk.
    package func sync() throws(HistoryError) {
        guard fsync(descriptor) == 0 else { throw .cannotWrite(path: path, reason: ErrnoText.describe(errno)) }
    }

    package func truncate(to length: Int) throws(HistoryError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw .cannotWrite(path: path, reason: ErrnoText.describe(errno)) }
    }

    /// Whether `path` is standard output as the user names it: `-`, as Unix
    /// tools take it, or /dev/stdout, whatever the shell pointed it at
    /// (`> take.wav` is a regular file Peach did not choose to replace).
    package static func isStandardOutput(_ path: String) -> Bool {
        path == "-" || path == "/dev/stdout"
    }

    /// Whether a file the user names is written in place rather than made
    /// new: standard output, or what is no regular file (a device such as
    /// /dev/null, a named pipe), links followed.
    package static func writesDirectly(_ path: String) -> Bool {
        var status = stat()
        return isStandardOutput(path) || stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG
    }

    /// A descriptor for writing to a direct target (see `writesDirectly`): a
    /// copy of standard output's (Peach's own, `StandardOutput.current`, even
    /// once a plugin's output is sent to standard error), or the device or pipe opened; -1 with errno
    /// set if it cannot be. A pipe is opened without waiting for a reader
    /// (ENXIO if there is none), then switched back to blocking writes.
    package static func openDirect(_ path: String) -> Int32 {
        if isStandardOutput(path) { return fcntl(StandardOutput.current, F_DUPFD_CLOEXEC, 0) }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return Glibc.open(path, O_WRONLY | O_CLOEXEC) }
        let descriptor = Glibc.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if descriptor >= 0 { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
        return descriptor
    }

    /// `bytes` written to a direct target, closed after.
    package static func writeDirectly(_ bytes: [UInt8], to path: String) throws(HistoryError) {
        let descriptor = openDirect(path)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, reason: ErrnoText.describe(errno)) }
        try PosixFile(descriptor: descriptor, path: path).write(bytes)
    }

    /// Whether anything has the name `path`: a file, a folder, a link (even
    /// one to nothing). A file made for the user never takes a name in use.
    package static func nameTaken(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The whole file at `path`, `-` standard input. A pipe (`/dev/stdin`,
    /// the shell's `<(…)`) is read to its end: its size says nothing.
    package static func contents(of path: String) throws(HistoryError) -> [UInt8] {
        let file = path == "-" ? PosixFile(descriptor: dup(STDIN_FILENO), path: path) : try PosixFile(path)
        guard file.descriptor >= 0 else { throw .cannotRead(path: path, reason: ErrnoText.describe(errno)) }
        var status = stat()
        guard fstat(file.descriptor, &status) == 0 else { throw .cannotRead(path: path, reason: ErrnoText.describe(errno)) }
        return status.st_mode & S_IFMT == S_IFREG ? try file.read() : try file.readToEnd()
    }

    /// Everything from the current position to the end of the stream.
    private func readToEnd() throws(HistoryError) -> [UInt8] {
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .cannotRead(path: path, reason: ErrnoText.describe(errno)) }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
    }

    /// Makes a folder's entries (a new or renamed file) durable.
    package static func syncDirectory(_ path: String) throws(HistoryError) {
        try PosixFile(path, flags: O_RDONLY | O_DIRECTORY).sync()
    }
}
