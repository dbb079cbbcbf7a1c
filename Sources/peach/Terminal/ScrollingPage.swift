import PeachAudio
import PeachHost
import PeachReports
import PeachText

/// A screen's lines fitted to the window: the lines on top and the hint at
/// the bottom (the way out) always show; the body between them scrolls when
/// it does not fit, with a line at each end that has more saying how much.
/// Every page shares it, so none loses its hint in a small window.
struct ScrollingPage {
    /// The first body line shown; `lines` keeps it in range.
    private(set) var offset = 0

    /// Body rows a window of `rows` shows between `top` and `bottom` lines, at
    /// least: while scrolling, up to two of them are the more-above and more-below signs.
    static func bodyRows(rows: Int, top: Int, bottom: Int, bodyCount: Int) -> Int {
        let available = max(1, rows - top - bottom)
        return bodyCount <= available || available < 3 ? available : available - 2
    }

    /// The window's lines: `top`, as much of `body` as fits from `offset`, `bottom`.
    mutating func lines(top: [String], body: [String], bottom: [String], rows: Int, style: TerminalStyle) -> [String] {
        let available = max(1, rows - top.count - bottom.count)
        var page = top
        if body.count <= available || available < 3 {
            offset = body.count <= available ? 0 : max(0, min(offset, body.count - available))
            page += body[offset..<min(body.count, offset + available)]
        } else {
            // At the very end only the sign above is needed, so the last line can show.
            offset = max(0, min(offset, body.count - (available - 1)))
            var shown = available - (offset > 0 ? 1 : 0)
            let below = offset + shown < body.count
            if below { shown -= 1 }
            if offset > 0 { page.append(style.dim("  " + Self.sign(up: true, offset, style))) }
            page += body[offset..<(offset + shown)]
            if below { page.append(style.dim("  " + Self.sign(up: false, body.count - offset - shown, style))) }
        }
        while page.count < rows - bottom.count { page.append("") }
        return Array(page.prefix(max(0, rows - bottom.count))) + bottom.suffix(rows)
    }

    private static func sign(up: Bool, _ count: Int, _ style: TerminalStyle) -> String {
        let arrow = style.unicode ? (up ? "↑" : "↓") : (up ? "^" : "v")
        return arrow + " " + localized(.pageMore, count)
    }

    /// ↑↓ scroll a line, PgUp/PgDn (and Space) a page, Home/End to the ends.
    /// Returns false for a key that does not scroll.
    mutating func scroll(_ key: Key, page: Int) -> Bool {
        switch key {
        case .up: offset -= 1
        case .down: offset += 1
        case .pageUp: offset -= max(1, page)
        case .pageDown, .space: offset += max(1, page)
        case .home: offset = 0
        case .end: offset = Int.max / 2
        default: return false
        }
        offset = max(0, offset)
        return true
    }

    /// Scrolls as little as needed for body line `line` to show in a window of `shown` body rows.
    mutating func reveal(_ line: Int, shown: Int) {
        if line < offset { offset = line } else if line >= offset + shown { offset = line - shown + 1 }
    }
}

extension Array where Element == String {
    /// Each line wrapped to `width` columns (a hint or a message that must not be cut).
    func wrapped(to width: Int, indent: String = "") -> [String] {
        flatMap { TextWrap.lines($0, width: Swift.max(1, width), indent: indent) }
    }
}
