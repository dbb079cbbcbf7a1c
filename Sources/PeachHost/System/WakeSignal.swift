import Glibc

/// A wake-up one thread gives another, through a non-blocking pipe (Swift's
/// Glibc module does not offer eventfd): the waiter sleeps in `poll` until
/// signalled (or a deadline), instead of spinning or polling with sleeps.
/// `signal` is one `write`, allocating and locking nothing, so the audio
/// thread and signal handlers may call it.
public final class WakeSignal: @unchecked Sendable {
    /// The read end: readable while signalled.
    public let descriptor: Int32
    private let writeEnd: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "cannot create a pipe: \(ErrnoText.describe(errno))")
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// [any thread, async-signal-safe] Wakes the waiter; a signal given before
    /// it waits is not lost. (A full pipe already holds a wake-up.)
    public func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// [the waiting thread] Sleeps until this or `other` (a descriptor, if not
    /// -1) is readable, or `milliseconds` pass; clears this signal.
    public func wait(milliseconds: Int32, orUntilReadable other: Int32 = -1) {
        var descriptors = (pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: other, events: Int16(POLLIN), revents: 0))
        _ = withUnsafeMutableBytes(of: &descriptors) { raw in
            poll(raw.baseAddress!.assumingMemoryBound(to: pollfd.self), other >= 0 ? 2 : 1, milliseconds)
        }
        clear()
    }

    private func clear() {
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &bytes, { read(descriptor, $0.baseAddress, $0.count) }) == MemoryLayout.size(ofValue: bytes) {}
    }
}
