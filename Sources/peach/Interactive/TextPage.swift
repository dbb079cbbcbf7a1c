import Glibc
import PeachAudio
import PeachHost
import PeachText

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
        var view = ScrollingPage()
        while true {
            let size = screen.size, roomy = size.rows >= 16
            let top = (roomy ? [""] : []) + ["  " + style.strong(title)] + (roomy ? [""] : [])
            let body = lines.wrapped(to: size.columns - 2).map { "  " + $0 }
            let back = [localized(.pageBack)].wrapped(to: size.columns - 2)
            let hint = (body.count + top.count + back.count <= size.rows ? back : [localized(.pageScroll)].wrapped(to: size.columns - 2))
                .map { style.dim("  " + $0) }
            let shown = ScrollingPage.bodyRows(rows: size.rows, top: top.count, bottom: hint.count, bodyCount: body.count)
            screen.show(view.lines(top: top, body: body, bottom: hint, rows: size.rows, style: style))
            for event in input.next(timeout: nil) {
                if let exit = ScreenExit.leaving(on: event, screen: screen) { return exit }
                switch event {
                case .inputClosed, .signal(SIGWINCH): break
                case .signal: return .back
                case .key(let key): if !view.scroll(key, page: shown) { return .back }
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
