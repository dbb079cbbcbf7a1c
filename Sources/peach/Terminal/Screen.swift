import Glibc
import PeachAudio
import PeachHost
import PeachSupport

/// A full-screen canvas that repaints only the rows that changed, so a key
/// press costs one short write and nothing flickers.
final class Screen {
    private(set) var size = TerminalSize.of(STDOUT_FILENO) ?? .fallback
    private var shown: [String] = []

    /// Re-reads the window size and forgets what is shown, so the next `show` paints everything.
    func refreshSize() {
        size = TerminalSize.of(STDOUT_FILENO) ?? .fallback
        shown = []
        write("\u{1B}[0m\u{1B}[2J")
    }

    /// Makes the screen show `lines` (top to bottom; rows past the end blank).
    func show(_ lines: [String]) {
        var text = ""
        for row in 0..<size.rows {
            let line = row < lines.count ? lines[row].fitted(to: size.columns) : ""
            if row < shown.count, shown[row] == line { continue }
            text += "\u{1B}[\(row + 1);1H\u{1B}[0m\(line)\u{1B}[0m\u{1B}[K"
        }
        shown = (0..<size.rows).map { $0 < lines.count ? lines[$0].fitted(to: size.columns) : "" }
        if !text.isEmpty { write(text) }
    }

    /// The terminal bell: the alert that stands in for a phone's buzz.
    func bell() { write("\u{07}") }

    private func write(_ text: String) {
        StandardOutput.write(text)
    }
}
