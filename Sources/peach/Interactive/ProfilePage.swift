import Glibc
import PeachAudio
import PeachHistory
import PeachHost
import PeachMusic
import PeachReports
import PeachText

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
        var view = ScrollingPage()
        let writer = PlainWriter()
        if screen == nil { writer.say(localized(.profilePlainIntro)) }
        while true {
            let now = PersistentTraining.currentTime()
            if let screen {
                screen.show(lines(chosen: notes[index], size: screen.size, now: now, view: &view))
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
                case .key(let key): if !view.scroll(key, page: max(1, (screen?.size.rows ?? 0) - 6)) { return .back }
                }
            }
        }
    }

    /// Title on top and the keys (the way out) at the foot of any window from
    /// 40×12; the chart gives up rows of its cents axis before the keyboard
    /// and the key's detail scroll, and what still does not fit scrolls.
    private func lines(chosen: MIDINote, size: TerminalSize, now: Double, view: inout ScrollingPage) -> [String] {
        let width = size.columns, roomy = size.rows >= 24
        let title = "  " + style.strong(localized(.profileTitle))
        let answers = localized(.profileAnswers, overview.report.answers)
        let top = (roomy ? [""] : []) + [title.cellWidth + 2 + answers.cellWidth <= width ? title + style.dim("  " + answers) : title]
        let bottom = (roomy ? [""] : []) + [localized(.profileKeys)].wrapped(to: width - 2).map { style.dim("  " + $0) }
        let detail = (roomy ? [""] : []) + (overview.detail(for: chosen)?.lines(now: now, width: width - 2).map { "  " + $0 } ?? [])
        let chart = KeyboardChart(overview: overview, highlighted: chosen)
        var chartLines = chart.lines(width: width - 1, colour: style.colour)
        let overflow = top.count + chartLines.count + detail.count + bottom.count - size.rows
        if overflow > 0 {
            let plotRows = chartLines.count - chart.lines(width: width - 1, colour: false, plotRows: 0).count + KeyboardChart.minimumPlotRows
            chartLines = chart.lines(width: width - 1, colour: style.colour, plotRows: plotRows - overflow)
        }
        return view.lines(top: top, body: chartLines + detail, bottom: bottom, rows: size.rows, style: style)
    }
}
