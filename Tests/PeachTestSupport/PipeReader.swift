import Foundation
import Glibc
import PeachAudio
import PeachHost
import PeachSupport

/// Reads a named pipe on a thread of its own, as a sound device would take
/// audio, until `close()`: then the writer finds nobody reading, as if the
/// device had been unplugged.
public final class PipeReader: @unchecked Sendable {
    private let descriptor: Int32
    private let stopped = NSLock()
    private var isStopped = false
    private var thread: Thread?
    private var bytes = 0
    private let headerBytes: Int
    private var soundArrived: UInt64?
    private let keepsEverything: Bool
    private var kept: [UInt8] = []
    private var arrivals: [(bytes: Int, at: UInt64)] = []

    /// Opens without waiting for a writer, so the program under test can open its end later.
    /// - Parameter headerBytes: bytes before the samples; a nonzero byte after them is sound.
    /// - Parameter keepsEverything: keep every byte and when each read arrived (`log`), to time every sound in the stream.
    public init(path: String, headerBytes: Int = WavFileOutput.headerBytes, keepsEverything: Bool = false) throws {
        self.headerBytes = headerBytes
        self.keepsEverything = keepsEverything
        descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw PseudoTerminal.Failure(description: "cannot open \(path): \(String(cString: strerror(errno)))") }
        let thread = Thread { [self] in drain() }
        self.thread = thread
        thread.start()
    }

    /// Bytes read so far.
    public var count: Int { stopped.withLock { bytes } }

    /// When (`Monotonic` nanoseconds) the first sample that is not silence arrived.
    public var firstSound: UInt64? { stopped.withLock { soundArrived } }

    /// Every byte read and, for each read, the bytes read by then and when (`Monotonic` nanoseconds); only when kept.
    public var log: (bytes: [UInt8], arrivals: [(bytes: Int, at: UInt64)]) { stopped.withLock { (kept, arrivals) } }

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
            guard count > 0 else { usleep(5000); continue }
            let arrived = Monotonic.nanoseconds()
            stopped.withLock {
                if soundArrived == nil, bytes + count > headerBytes,
                   buffer[max(0, headerBytes - bytes)..<count].contains(where: { $0 != 0 }) {
                    soundArrived = arrived
                }
                bytes += count
                if keepsEverything {
                    kept += buffer[..<count]
                    arrivals.append((bytes, arrived))
                }
            }
        }
    }
}
