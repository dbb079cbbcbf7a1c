import Glibc

/// Turns signals into bytes on a pipe that the event loop polls, so every
/// signal is handled on the main thread, between two steps of the program,
/// where it is safe to restore the terminal, cut a pair or suspend.
enum SignalPipe {
    /// The signals the interactive screens handle themselves.
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGWINCH]

    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    nonisolated(unsafe) private(set) static var readEnd: Int32 = -1

    /// Creates the pipe and installs the handlers. Idempotent.
    static func install() {
        if readEnd < 0 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { return }
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
            readEnd = ends[0]
            writeEnd = ends[1]
        }
        for signal in handled { catchSignal(signal) }
    }

    static func catchSignal(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            let saved = errno
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(SignalPipe.writeEnd, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    /// Signals that arrived since the last call, oldest first.
    static func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var signals: [Int32] = []
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            guard count > 0 else { return signals }
            signals += buffer[..<count].map { Int32($0) }
        }
    }

    /// Stops this process the way Ctrl-Z would, and returns once it is continued.
    static func suspendSelf() {
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        catchSignal(SIGTSTP)
    }
}
