import Glibc
import PeachAudio
import PeachHost
import PeachSupport

/// A full-screen canvas that repaints only the rows that changed, so a key
/// press costs one short write and nothing flickers.
final class Screen {
    private(set) var size = TerminalSize.of(StandardOutput.current) ?? .fallback
    /// Each row as asked for and as fitted to the width, so an unchanged row is neither measured nor written again.
    private var shown: [(asked: String, fitted: String)] = []
    /// A terminal that is not UTF-8 gets each row in ASCII (`ASCIIFallback`).
    private let ascii = !TerminalStyle.detect().unicode

    /// Whether `show` has written anything: a screen kept beside lines (a
    /// tool's --plain) never draws, so it has nothing to clear.
    private var drawn = false

    /// Re-reads the window size and forgets what is shown, so the next `show`
    /// paints everything. Clears the window only once something was drawn:
    /// lines got a screen clear written into them (a resize, a return from Ctrl-Z or a list).
    func refreshSize() {
        size = TerminalSize.of(StandardOutput.current) ?? .fallback
        shown = []
        if drawn { write("\u{1B}[0m\u{1B}[2J") }
    }

    /// Makes the screen show `lines` (top to bottom; rows past the end blank).
    func show(_ lines: [String]) {
        var text = ""
        let rows = (0..<size.rows).map { row -> (asked: String, fitted: String) in
            let asked = row < lines.count ? lines[row] : ""
            if row < shown.count, shown[row].asked == asked { return shown[row] }
            // A row wider than the window ends in a sign that there is more (a cut sentence read as whole:
            // "check the device, the channel and the"); a one-column window keeps its cell for text.
            let row = ascii ? ASCIIFallback.text(asked) : asked
            return (asked, size.columns > 1 ? row.ellipsized(to: size.columns, mark: ascii ? ">" : "…") : row.fitted(to: size.columns))
        }
        for (row, line) in rows.enumerated() where row >= shown.count || shown[row].fitted != line.fitted {
            text += "\u{1B}[\(row + 1);1H\u{1B}[0m\(line.fitted)\u{1B}[0m\u{1B}[K"
        }
        shown = rows
        if !text.isEmpty {
            write(text)
            drawn = true
        }
    }

    /// The terminal bell: the alert that stands in for a phone's buzz.
    func bell() { write("\u{07}") }

    private func write(_ text: String) {
        StandardOutput.write(text)
    }
}
