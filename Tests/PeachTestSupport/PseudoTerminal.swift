import Foundation
import Glibc
import PeachSupport

/// Runs a program on a pseudo-terminal, as if a person sat at it: keys go in
/// through the master side, the screen comes back through it, and the
/// program's terminal is a real tty with a window size, job control and
/// signals (resizing sends SIGWINCH, as a terminal emulator does).
public final class PseudoTerminal {
    public let pid: pid_t
    private let master: Int32
    /// The terminal side, kept open here so its modes can be read after the program exits.
    private let slave: Int32
    /// Everything the program wrote, as a screen.
    public private(set) var screen: TerminalScreen
    /// Everything the program wrote, raw.
    public private(set) var transcript: [UInt8] = []
    public let modesBefore: termios

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init(_ arguments: [String], environment: [String: String] = [:], columns: Int = 80, rows: Int = 24) throws {
        // posix_openpt, unlockpt and ptsname are hidden from Swift (they need
        // _XOPEN_SOURCE); these are the ioctls they wrap on Linux, whose
        // numbers Swift cannot import either (asm-generic encoding).
        let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
        let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, unlockRequest, &unlock) == 0, ioctl(master, numberRequest, &number) == 0 else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let slavePath = "/dev/pts/\(number)"
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var modes = termios()
        tcgetattr(slave, &modes)
        modesBefore = modes
        screen = TerminalScreen(columns: columns, rows: rows)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A new session, whose first terminal opened becomes its controlling terminal.
        let setSession: Int32 = 0x80  // POSIX_SPAWN_SETSID, hidden from Swift like the above
        posix_spawnattr_setflags(&attributes, Int16(setSession | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let variables = ProcessInfo.processInfo.environment.merging(TestLocale.english.merging(["TERM": "xterm-256color"]) { $1 }) { $1 }
            .merging(environment) { $1 }
        let cArguments = arguments.map { strdup($0) } + [nil]
        let cEnvironment = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, arguments[0], &actions, &attributes, cArguments, cEnvironment)
        guard status == 0 else { throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
        pid = child
    }

    deinit {
        if exitStatus == nil { kill(pid, SIGKILL); _ = waitForExit(timeout: 5) }
        close(master)
        close(slave)
    }

    /// Types `text` (or raw bytes such as an escape sequence).
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { _ = write(master, $0.baseAddress, $0.count) }
    }

    /// Changes the window size; the kernel tells the program with SIGWINCH.
    public func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        screen.resize(columns: columns, rows: rows)
    }

    public func signal(_ number: Int32) { kill(pid, number) }

    /// Reads output until `condition` holds for the screen and transcript, or throws after `timeout` seconds.
    @discardableResult
    public func waitFor(_ what: String, timeout: Double = 10, _ condition: (PseudoTerminal) -> Bool) throws -> Double {
        let start = Date()
        while !condition(self) {
            let left = timeout - Date().timeIntervalSince(start)
            guard left > 0 else {
                throw Failure(description: "timed out after \(timeout) s waiting for \(what); the screen shows:\n\(screen.text)")
            }
            readAvailable(waitSeconds: min(left, 0.05))
        }
        return Date().timeIntervalSince(start)
    }

    /// Waits until the screen shows `text` somewhere.
    @discardableResult
    public func waitFor(text: String, timeout: Double = 10) throws -> Double {
        try waitFor("\"\(text)\"", timeout: timeout) { $0.screen.text.contains(text) }
    }

    /// What the program wrote after the first `offset` bytes of the transcript.
    public func written(after offset: Int) -> String {
        String(decoding: transcript[min(offset, transcript.count)...], as: UTF8.self)
    }

    /// How many times `text` occurs in everything written so far.
    public func occurrences(of text: String) -> Int {
        String(decoding: transcript, as: UTF8.self).components(separatedBy: text).count - 1
    }

    /// Reads whatever the program has written within `waitSeconds`.
    /// Reads what the program writes for `seconds`, as a terminal does while
    /// nobody types: a program is never held up by a full terminal.
    public func keepReading(for seconds: Double) {
        let deadline = Monotonic.nanoseconds() + UInt64(seconds * 1e9)
        while case let now = Monotonic.nanoseconds(), now < deadline {
            readAvailable(waitSeconds: Double(deadline - now) / 1e9)
        }
    }

    public func readAvailable(waitSeconds: Double) {
        var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(waitSeconds * 1000)) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        guard count > 0 else {
            if exitStatus == nil { usleep(10_000) }
            return
        }
        transcript += buffer[..<count]
        screen.feed(buffer[..<count])
    }

    public private(set) var exitStatus: Int32?

    /// The wait status once the program has ended, reading its last output; nil on timeout.
    @discardableResult
    public func waitForExit(timeout: Double = 10) -> Int32? {
        let start = Date()
        while exitStatus == nil, Date().timeIntervalSince(start) < timeout {
            readAvailable(waitSeconds: 0.02)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exitStatus = status }
        }
        readAvailable(waitSeconds: 0.05)
        return exitStatus
    }

    /// Whether the process has stopped (Ctrl-Z), without reaping it.
    public func waitUntilStopped(timeout: Double = 5) -> Bool {
        let start = Date()
        while Date().timeIntervalSince(start) < timeout {
            readAvailable(waitSeconds: 0.02)
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG | WUNTRACED) == pid, status & 0xFF == 0x7F { return true }
        }
        return false
    }

    /// The terminal's modes now, as the program left them.
    public var modesNow: termios {
        var modes = termios()
        tcgetattr(slave, &modes)
        return modes
    }
}
