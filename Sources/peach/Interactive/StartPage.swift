import Glibc
import PeachAudio
import PeachHost
import PeachText
import PeachTraining

/// `peach` with no arguments: the name, what Peach does, the profile in one
/// line, and Start. Profile and settings are there, less prominent.
final class StartPage {
    enum Choice: Equatable {
        case train, profile, settings, quit
        case ended(signal: Int32?)
    }

    private let input: TerminalInput
    private let terminal: TerminalMode
    private let screen: Screen?
    private let style: TerminalStyle
    private let plainOutput: PlainWriter?
    private var view = ScrollingPage()

    /// - Parameter screen: nil in plain mode, where the page is said once as text.
    init(input: TerminalInput, terminal: TerminalMode, screen: Screen?, style: TerminalStyle) {
        self.input = input
        self.terminal = terminal
        self.screen = screen
        self.style = style
        plainOutput = screen == nil ? PlainWriter() : nil
    }

    func run(report: ProfileReport?, message: String?) -> Choice {
        let sketch = report.map(ProfileSketch.init)
        if let plainOutput {
            plainOutput.say(localized(.startPlainIntro))
            if let sketch { plainOutput.say(sketch.weakSpotsText()) }
            if let message { plainOutput.say(message) }
            plainOutput.say(localized(.startPlainKeys))
        }
        while true {
            screen?.show(lines(sketch: sketch, message: message))
            for event in input.next(timeout: nil) {
                switch event {
                case .inputClosed: return .ended(signal: nil)
                case .signal(let number):
                    switch number {
                    case SIGINT: return .quit
                    case _ where ScreenExit.ending(number): return .ended(signal: number)
                    case SIGWINCH: screen?.refreshSize()
                    default: break
                    }
                case .key(let key):
                    switch key {
                    case .enter, .space: return .train
                    case .up, .down, .pageUp, .pageDown, .home, .end:
                        _ = view.scroll(key, page: max(1, (screen?.size.rows ?? 0) - 6))
                    case .character("p"), .character("P"): return .profile
                    case .character("s"), .character("S"): return .settings
                    case _ where AnswerKeys.stops(key): return .quit
                    default: break
                    }
                }
            }
        }
    }

    /// The button and the menu (the way out) stay at the foot of any window from
    /// 40×12; the name, the profile and any message scroll above them when short.
    /// A message (why sound failed, and what to do) comes right after the name,
    /// so even a 40×12 window shows it whole.
    private func lines(sketch: ProfileSketch?, message: String?) -> [String] {
        guard let screen else { return [] }
        let width = screen.size.columns, rows = screen.size.rows, roomy = rows >= 20
        let text = width - 4
        var body = (roomy ? [""] : []) + ["  " + style.strong("Peach")]
        if let message {
            body += [message].wrapped(to: text).map { "  " + style.bad($0) }
            body.append("")
        }
        body += [localized(.startTagline)].wrapped(to: text).map { "  " + $0 }
        if let sketch {
            if roomy { body.append("") }
            body.append("  " + sketch.line(width: min(text, 92), unicode: style.unicode))
            body += [sketch.weakSpotsText()].wrapped(to: text).map { "  " + style.dim($0) }
        }
        let arrow = style.unicode ? "▶" : ">"
        let button = "  " + style.inverse(" \(arrow) \(localized(.startButton)) ")
        let keys = localized(.startButtonKeys)
        var bottom = [""]
        bottom += button.cellWidth + 3 + keys.cellWidth <= width ? [button + "   " + keys] : [button, "  " + keys]
        if roomy { bottom.append("") }
        bottom += [localized(.startMenu)].wrapped(to: text).map { "  " + style.dim($0) }
        return view.lines(top: [], body: body, bottom: bottom, rows: rows, style: style)
    }
}
