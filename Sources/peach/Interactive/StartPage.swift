import Glibc
import PeachHost

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
                    case SIGTSTP: suspend()
                    default: break
                    }
                case .key(let key):
                    switch key {
                    case .enter, .space: return .train
                    case .suspend: suspend()
                    case .character("p"), .character("P"): return .profile
                    case .character("s"), .character("S"): return .settings
                    case _ where AnswerKeys.stops(key): return .quit
                    default: break
                    }
                }
            }
        }
    }

    private func suspend() {
        terminal.leave()
        SignalPipe.suspendSelf()
        terminal.enter()
        screen?.refreshSize()
    }

    private func lines(sketch: ProfileSketch?, message: String?) -> [String] {
        guard let screen else { return [] }
        let width = screen.size.columns
        var lines = ["", "  " + style.strong("Peach"), "  " + localized(.startTagline), ""]
        if let sketch {
            lines.append("  " + sketch.line(width: min(width - 4, 92), unicode: style.unicode))
            lines.append("  " + style.dim(sketch.weakSpotsText()))
            lines.append("")
        }
        let arrow = style.unicode ? "▶" : ">"
        lines.append("  " + style.inverse(" \(arrow) \(localized(.startButton)) ") + "   " + localized(.startButtonKeys))
        lines.append("")
        lines.append("  " + style.dim(localized(.startMenu)))
        if let message {
            lines.append("")
            lines.append("  " + style.bad(message))
        }
        return lines
    }
}
