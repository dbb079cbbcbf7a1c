import Glibc
import PeachHost

/// The profile from the start page: the keyboard chart with one key chosen
/// (← → move it, Home/End jump to the ends) and that key's detail beneath.
/// In plain mode the chosen key's detail is said in words at each move.
struct ProfilePage {
    let overview: ProfileOverview
    let input: TerminalInput
    let screen: Screen?
    let style: TerminalStyle

    func run() -> ScreenExit {
        let notes = overview.report.notes.compactMap { MIDINote(number: $0.note) }
        guard !notes.isEmpty, overview.report.answers > 0 else {
            return TextPage(title: localized(.profileTitle), lines: [localized(.startNoAnswers)]).show(input: input, screen: screen, style: style)
        }
        // Start on the weakest key: the one most worth a look.
        let weakest = overview.report.notes.max { $0.threshold < $1.threshold }!.note
        var index = notes.firstIndex { $0.number == weakest } ?? 0
        let writer = PlainWriter()
        if screen == nil { writer.say(localized(.profilePlainIntro)) }
        while true {
            let now = PersistentTraining.currentTime()
            if let screen {
                screen.show(lines(chosen: notes[index], width: screen.size.columns, now: now))
            } else {
                overview.detail(for: notes[index])?.lines(now: now).forEach { writer.say($0) }
            }
            for event in input.next(timeout: nil) {
                if let exit = ScreenExit.leaving(on: event, screen: screen) { return exit }
                switch event {
                case .inputClosed, .signal: break
                case .key(.left), .key(.character("h")): index = max(0, index - 1)
                case .key(.right), .key(.character("l")): index = min(notes.count - 1, index + 1)
                case .key(.home): index = 0
                case .key(.end): index = notes.count - 1
                case .key: return .back
                }
            }
        }
    }

    private func lines(chosen: MIDINote, width: Int, now: Double) -> [String] {
        var lines = ["", "  " + style.strong(localized(.profileTitle)) + style.dim("  " + localized(.profileAnswers, overview.report.answers)), ""]
        lines += KeyboardChart(overview: overview, highlighted: chosen).lines(width: width - 1, colour: style.colour)
        lines.append("")
        lines += overview.detail(for: chosen)?.lines(now: now, width: width - 2).map { "  " + $0 } ?? []
        lines.append("")
        lines.append(style.dim("  " + localized(.profileKeys)))
        return lines
    }
}
