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
            return (asked, Self.fit(ascii ? ASCIIFallback.text(asked) : asked, to: size.columns, ascii: ascii))
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

    /// A row wider than the window, cut with a sign at its end that there is
    /// more (a cut sentence read as whole: "check the device, the channel and the").
    private static func fit(_ row: String, to columns: Int, ascii: Bool) -> String {
        guard row.cellWidth > columns, columns > 1 else { return row.fitted(to: columns) }
        return row.fitted(to: columns - 1) + (ascii ? ">" : "…")
    }

    /// The terminal bell: the alert that stands in for a phone's buzz.
    func bell() { write("\u{07}") }

    private func write(_ text: String) {
        StandardOutput.write(text)
    }
}
