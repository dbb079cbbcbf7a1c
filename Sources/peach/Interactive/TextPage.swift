import Glibc
import PeachHost

/// A page of text reached from the start page (the profile, the settings):
/// arrows and paging scroll it, anything else goes back.
struct TextPage {
    var title: String
    var lines: [String]

    func show(input: TerminalInput, screen: Screen?, style: TerminalStyle) -> ScreenExit {
        guard let screen else {
            let writer = PlainWriter()
            ([title] + lines + [localized(.pageBack) + "."]).forEach { writer.say($0) }
            return waitForAnyKey(input: input)
        }
        var top = 0
        while true {
            let visible = max(1, screen.size.rows - 4)
            top = max(0, min(top, lines.count - visible))
            var page = ["", "  " + style.strong(title), ""]
            page += lines[top..<min(lines.count, top + visible)].map { "  " + $0 }
            while page.count < screen.size.rows - 1 { page.append("") }
            page.append(style.dim("  " + localized(lines.count > visible ? .pageScroll : .pageBack)))
            screen.show(page)
            for event in input.next(timeout: nil) {
                if let exit = ScreenExit.leaving(on: event, screen: screen) { return exit }
                switch event {
                case .inputClosed, .signal(SIGWINCH): break
                case .signal: return .back
                case .key(.up): top -= 1
                case .key(.down): top += 1
                case .key(.pageUp): top -= visible
                case .key(.pageDown), .key(.space): top += visible
                case .key: return .back
                }
            }
        }
    }

    private func waitForAnyKey(input: TerminalInput) -> ScreenExit {
        while true {
            for event in input.next(timeout: nil) {
                if let exit = ScreenExit.leaving(on: event, screen: nil) { return exit }
                switch event {
                case .inputClosed, .signal: continue
                case .key: return .back
                }
            }
        }
    }
}
