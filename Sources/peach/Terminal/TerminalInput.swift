import Glibc
import PeachSupport

/// What woke the event loop.
enum TerminalEvent: Equatable {
    case key(Key)
    case signal(Int32)
    /// Standard input ended: the terminal hung up, or a pipe closed.
    case inputClosed
}

/// Waits for keys and signals together, so the screens need one loop and no
/// threads: `next(timeout:)` returns what arrived, or nothing after the timeout.
/// Given the screen's terminal, it suspends Peach itself on Ctrl-Z or
/// SIGTSTP (the terminal given back, restored on `fg`) and reports the
/// return as SIGWINCH, on which every screen already draws itself anew.
final class TerminalInput {
    let descriptor: Int32
    private var decoder = KeyDecoder()
    private var closed = false
    /// When the Escape now waiting for the rest of a sequence came in (`Monotonic` nanoseconds).
    private var escapeArrived: UInt64 = 0
    /// How long a lone Escape waits for the rest of a sequence: an arrow's
    /// bytes split by more than 25 ms (over ssh) were read as Escape, which
    /// quit training; 100 ms is vim's `ttimeoutlen`, and Escape alone still feels at once.
    private static let escapePause = 0.1

    private let terminal: TerminalMode?

    init(descriptor: Int32 = STDIN_FILENO, terminal: TerminalMode? = nil) {
        self.descriptor = descriptor
        self.terminal = terminal
        SignalPipe.install()
    }

    /// Events that arrive within `timeout` seconds (nil: wait indefinitely).
    func next(timeout: Double?) -> [TerminalEvent] {
        // The pause is counted from the Escape, across calls: a screen that wakes every 10 ms must not cut it short.
        let escapeLeft = decoder.hasPendingEscape ? max(0, Self.escapePause - Double(Monotonic.nanoseconds() - escapeArrived) / 1e9) : nil
        let waitSeconds = escapeLeft.map { min(timeout ?? $0, $0) } ?? timeout
        var descriptors = [pollfd(fd: SignalPipe.readEnd, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: closed ? -1 : descriptor, events: Int16(POLLIN), revents: 0)]
        let milliseconds = waitSeconds.map { Int32(($0 * 1000).rounded(.up)) } ?? -1
        let ready = poll(&descriptors, 2, milliseconds)
        // The pipe is read only when a signal wrote to it (or interrupted the poll): a read per wake-up costs a system call.
        var events: [TerminalEvent] = ready < 0 || descriptors[0].revents != 0 ? SignalPipe.drain().map(TerminalEvent.signal) : []
        if ready > 0, descriptors[1].revents != 0 { events += readKeys() }
        if ready == 0, let escapeLeft, waitSeconds == escapeLeft { events += decoder.flushEscape().map(TerminalEvent.key) }
        if let terminal, events.contains(where: { $0 == .key(.suspend) || $0 == .signal(SIGTSTP) }) {
            // Screens other than the trainer ignored both: Ctrl-Z did nothing, and SIGTSTP ended a recording.
            events.removeAll { $0 == .key(.suspend) || $0 == .signal(SIGTSTP) }
            terminal.suspend()
            discardPending()
            events.append(.signal(SIGWINCH))
        }
        return events
    }

    /// Throws away keys typed ahead, e.g. while a screen was not accepting them.
    func discardPending() {
        tcflush(descriptor, TCIFLUSH)
        _ = decoder.flushEscape()
    }

    private func readKeys() -> [TerminalEvent] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(descriptor, &buffer, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN { return [] }
        guard count > 0 else {
            closed = true
            return [.inputClosed]
        }
        let keys = decoder.decode(buffer[..<count]).map(TerminalEvent.key)
        if decoder.hasPendingEscape { escapeArrived = Monotonic.nanoseconds() }
        return keys
    }
}
