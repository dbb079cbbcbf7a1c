import Foundation
import Glibc

/// Reads a named pipe on a thread of its own, as a sound device would take
/// audio, until `close()`: then the writer finds nobody reading, as if the
/// device had been unplugged.
public final class PipeReader: @unchecked Sendable {
    private let descriptor: Int32
    private let stopped = NSLock()
    private var isStopped = false
    private var thread: Thread?
    private var bytes = 0

    /// Opens without waiting for a writer, so the program under test can open its end later.
    public init(path: String) throws {
        descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw PseudoTerminal.Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        let thread = Thread { [self] in drain() }
        self.thread = thread
        thread.start()
    }

    /// Bytes read so far.
    public var count: Int { stopped.withLock { bytes } }

    public func close() {
        stopped.withLock { isStopped = true }
        while thread?.isFinished == false { usleep(1000) }
        Glibc.close(descriptor)
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !stopped.withLock({ isStopped }) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 10) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { stopped.withLock { bytes += count } } else { usleep(5000) }
        }
    }
}
