import Glibc
import PeachAudio
import PeachHost
import PeachSupport

/// Puts the terminal into the state the interactive screens need and, on
/// every way out, back as it was: a normal return, a signal the event loop
/// handles, or a crash or a hung plugin (`EmergencyStop` restores it before
/// the crash or the plugin is reported).
///
/// Raw input: keys arrive one by one, unechoed; Ctrl-C and Ctrl-Z arrive as
/// keys rather than signals, so Peach can tidy up before acting on them.
/// Full screen adds the alternate screen, a hidden cursor and mouse reports:
/// presses, releases and moves with a button held (1002), so an instrument
/// can follow a finger dragged across its keys.
final class TerminalMode {
    let input: Int32
    let fullScreen: Bool
    /// The modes before Peach first changed them; kept across suspensions,
    /// when the shell may hand the terminal back in any state.
    private var original: termios?
    private var active = false

    private static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[2J"
    private static let leaveSequence = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Drawing goes to standard output (`StandardOutput`); keys come from `input`.
    init(input: Int32 = STDIN_FILENO, fullScreen: Bool) {
        self.input = input
        self.fullScreen = fullScreen
    }

    deinit { leave() }

    /// Whether a screen is drawn as lines: asked for with --plain; a
    /// terminal that cannot move its cursor (TERM=dumb: Emacs' shell, a
    /// serial console; no TERM at all), where a full screen would print its
    /// escape codes; or output that goes to a file or a pipe, which would
    /// keep them (keys may still come from the terminal).
    static func drawsPlain(asked: Bool, environment: [String: String] = Environment.current) -> Bool {
        asked || ["", "dumb"].contains(environment["TERM"] ?? "") || isatty(StandardOutput.current) != 1
    }

    /// Whether keys can be read one at a time (the input is a terminal).
    var hasTerminalInput: Bool { isatty(input) == 1 }

    func enter() {
        guard !active else { return }
        active = true
        if original == nil, hasTerminalInput {
            var modes = termios()
            if tcgetattr(input, &modes) == 0 { original = modes }
        }
        if let original {
            var raw = original
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
            raw.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | ISTRIP)
            raw.c_cc.6 = 1  // VMIN
            raw.c_cc.5 = 0   // VTIME
            tcsetattr(input, TCSAFLUSH, &raw)
            CrashRestore.arm(input: input, original: original, output: StandardOutput.current, sequence: fullScreen ? Self.leaveSequence : "")
        }
        if fullScreen { write(Self.enterSequence) }
    }

    /// Gives the terminal back as it was, stops Peach as the shell expects of
    /// Ctrl-Z, and on `fg` takes the terminal again (the caller redraws).
    func suspend() {
        leave()
        SignalPipe.suspendSelf()
        enter()
    }

    func leave() {
        guard active else { return }
        active = false
        if fullScreen { write(Self.leaveSequence) }
        if var original {
            tcsetattr(input, TCSAFLUSH, &original)
            CrashRestore.disarm()
        }
    }

    private func write(_ text: String) {
        StandardOutput.write(text)
    }
}

/// What a crash handler needs to restore the terminal, kept where a signal
/// handler may read it (no allocation, no Swift runtime calls in the handler).
/// `EmergencyStop` runs it on every fatal signal, and when a plugin hangs,
/// before it reports the crash (or the plugin).
enum CrashRestore {
    nonisolated(unsafe) private static var input: Int32 = -1
    nonisolated(unsafe) private static var output: Int32 = -1
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var sequence: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 64)
    nonisolated(unsafe) private static var sequenceLength = 0
    nonisolated(unsafe) private static var cleanup: Int?

    static func arm(input: Int32, original: termios, output: Int32, sequence text: String) {
        self.input = input
        self.output = output
        saved = original
        let bytes = Array(text.utf8.prefix(sequence.count))
        _ = sequence.initialize(from: bytes)
        sequenceLength = bytes.count
        guard cleanup == nil else { return }
        cleanup = EmergencyStop.addCleanup({ _ in
            _ = tcsetattr(CrashRestore.input, TCSANOW, &CrashRestore.saved)
            _ = write(CrashRestore.output, CrashRestore.sequence.baseAddress, CrashRestore.sequenceLength)
        }, context: nil)
    }

    static func disarm() {
        if let cleanup { EmergencyStop.removeCleanup(cleanup) }
        cleanup = nil
    }
}
