import Glibc
import PeachAudio
import PeachHost
import PeachText

/// A list to pick one entry from, narrowed by typing: letters keep the
/// entries whose name contains them anywhere, case-insensitive ("flu" keeps
/// Flute and Pan Flute), Backspace widens again, ↑↓ PgUp PgDn choose, Enter takes,
/// Esc goes back. The settings screen and the training screen (`i`) choose
/// sounds and instruments with it, so 128 of them are a word away rather than
/// 74 presses. In plain mode each change is said in a line.
struct ListChooser {
    enum Outcome: Equatable {
        case chosen(Int)
        case cancelled
        case ended(ScreenExit)
    }

    var title: String
    var entries: [String]
    /// The entry chosen when the list opens.
    var current: Int?
    /// What typing matches, by entry: the entries themselves unless given. An
    /// instrument is matched by its own name, since "flu" would otherwise
    /// keep every "FluidSynth: …" entry.
    var names: [String]? = nil

    func run(input: TerminalInput, screen: Screen?, style: TerminalStyle) -> Outcome {
        var filter = ""
        var selected = current ?? 0
        var view = ScrollingPage()
        let writer = screen == nil ? PlainWriter() : nil
        writer?.say(localized(.chooserPlainIntro, title))
        func matching() -> [Int] {
            let typed = filter.lowercased()
            let searched = names ?? entries
            return entries.indices.filter { typed.isEmpty || searched[$0].lowercased().contains(typed) }
        }
        /// The entries the filter leaves; the chosen one kept while it still matches, else the first that does.
        func narrowed() -> [Int] {
            let shown = matching()
            if !shown.contains(selected), let first = shown.first { selected = first }
            return shown
        }
        var previousFilter: String?
        while true {
            var shown = narrowed()
            if let screen {
                screen.show(lines(shown: shown, selected: selected, filter: filter, size: screen.size, style: style, view: &view))
            } else if let writer, let position = shown.firstIndex(of: selected) {
                writer.say(localized(.chooserPlainShown, entries[selected], position + 1, shown.count))
            } else if let writer, previousFilter != filter {
                writer.say(localized(.chooserNoMatch, filter))
            }
            previousFilter = filter
            for event in input.next(timeout: nil) {
                if let exit = ScreenExit.leaving(on: event, screen: screen) { return .ended(exit) }
                guard case .key(let key) = event else { continue }
                // Keys typed together (a fast typist, a paste) each see the list the keys before them left.
                shown = narrowed()
                let position = shown.firstIndex(of: selected) ?? 0
                func move(_ step: Int) {
                    guard !shown.isEmpty else { return }
                    selected = shown[max(0, min(shown.count - 1, position + step))]
                }
                let page = max(1, (screen?.size.rows ?? 10) - 6)
                switch key {
                case .escape, .interrupt: return .cancelled
                case .enter: if shown.contains(selected) { return .chosen(selected) }
                case .up: move(-1)
                case .down: move(1)
                case .pageUp: move(-page)
                case .pageDown: move(page)
                case .home: move(-shown.count)
                case .end: move(shown.count)
                case .backspace: _ = filter.popLast()
                case .space: filter.append(" ")
                case .character(let character): filter.append(character)
                default: break
                }
            }
        }
    }

    private func lines(shown: [Int], selected: Int, filter: String, size: TerminalSize, style: TerminalStyle,
                       view: inout ScrollingPage) -> [String] {
        let width = size.columns, roomy = size.rows >= 20
        let pointer = style.unicode ? "▶" : ">"
        let top = (roomy ? [""] : []) + ["  " + style.strong(title.ellipsized(to: width - 2)),
                                         "  " + localized(.chooserFilter, style.inverse(filter + "_"))] + (roomy ? [""] : [])
        let body = shown.isEmpty
            ? [localized(.chooserNoMatch, filter)].wrapped(to: width - 4).map { "  " + style.dim($0) }
            : shown.map { index in
                let line = "\(index == selected ? pointer : " ") " + entries[index].ellipsized(to: width - 4)
                return " " + (index == selected ? style.strong(line) : line)
            }
        let bottom = (roomy ? [""] : []) + [localized(.chooserKeys)].wrapped(to: width - 2).map { style.dim("  " + $0) }
        let rows = ScrollingPage.bodyRows(rows: size.rows, top: top.count, bottom: bottom.count, bodyCount: body.count)
        view.reveal(shown.firstIndex(of: selected) ?? 0, shown: rows)
        return view.lines(top: top, body: body, bottom: bottom, rows: size.rows, style: style)
    }
}
