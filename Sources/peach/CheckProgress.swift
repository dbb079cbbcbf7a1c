import Glibc
import PeachAudio
import PeachHost
import PeachSupport

/// One line on standard error saying what a long measurement is doing now.
/// On a terminal it is rewritten in place and wiped before anything else is
/// printed; otherwise (a log, a pipe) each step is a line of its own. Standard
/// output, with its table or JSON, never sees it.
struct CheckProgress {
    private let onTerminal = isatty(STDERR_FILENO) == 1

    func show(_ text: String) {
        StandardError.write(onTerminal ? "\r\u{1B}[K" + text : text + "\n")
    }

    /// Wipes the line on a terminal, so what comes next starts on a clean one.
    func clear() {
        if onTerminal { StandardError.write("\r\u{1B}[K") }
    }
}
