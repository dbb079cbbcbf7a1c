import Glibc
import PeachHost
import PeachJournal
import PeachText

/// The journal's month on the full screen: arrows move the chosen day,
/// PageUp/PageDown or < > the month, the chosen day's notes beneath; `a`
/// adds a note to it and `e` edits it in the user's editor, the screen
/// giving the terminal to the editor meanwhile.
final class CalendarScreen {
    private let gathering: JournalMonthActivity
    private let clock: JournalClock
    private var selected: JournalDate
    private var month: (activity: MonthActivity, days: [JournalDate: JournalDay], problems: [String])
    /// The last thing done or gone wrong, on the bottom line.
    private var status = ""
    private let screen = Screen()
    private let style = TerminalStyle.detect()

    init(gathering: JournalMonthActivity, clock: JournalClock, selected: JournalDate) {
        self.gathering = gathering
        self.clock = clock
        self.selected = selected
        month = gathering.of(selected.month)
    }

    /// The signal that closed the calendar (SIGTERM, SIGHUP), for Peach to end by it as every screen does.
    private(set) var endedBy: Int32?

    func run() throws {
        guard isatty(STDIN_FILENO) == 1, isatty(StandardOutput.current) == 1 else { throw Failure(localized(.journalNeedsTerminal)) }
        let mode = TerminalMode(fullScreen: true)
        mode.enter()
        defer { mode.leave() }
        let input = TerminalInput(terminal: mode)
        while true {
            draw()
            for event in input.next(timeout: nil) {
                switch event {
                case .key(let key): if !handle(key, mode: mode, input: input) { return }
                case .signal(SIGWINCH): screen.refreshSize()
                case .signal(let number):
                    endedBy = ScreenExit.ending(number) ? number : nil
                    return
                case .inputClosed: return
                }
            }
            if StopRequest.isRaised { return }
        }
    }

    /// What a key does; false to quit.
    private func handle(_ key: Key, mode: TerminalMode, input: TerminalInput) -> Bool {
        switch key {
        case .character("q"), .character("Q"), .escape, .interrupt: return false
        case .left: select(selected.adding(days: -1))
        case .right: select(selected.adding(days: 1))
        case .up: select(selected.adding(days: -7))
        case .down: select(selected.adding(days: 7))
        case .pageUp, .character("<"): select(sameDay(in: selected.month.adding(months: -1)))
        case .pageDown, .character(">"): select(sameDay(in: selected.month.adding(months: 1)))
        case .home: select(clock.today)
        case .character("a"): inEditor(mode, input) { try $0.add(on: selected, minute: clock.minute, take: nil) }
        case .character("e"): inEditor(mode, input) { try $0.edit(selected, minute: clock.minute, now: clock.now) }
        default: break
        }
        return true
    }

    /// The day of the month as `selected`'s, or the month's last if it is shorter.
    private func sameDay(in month: JournalMonth) -> JournalDate {
        min(month.firstDay.adding(days: Int64(selected.civil.day) - 1), month.lastDay)
    }

    private func select(_ date: JournalDate) {
        let changesMonth = date.month != selected.month
        selected = date
        if changesMonth { month = gathering.of(date.month) }
        status = ""
    }

    /// Hands the terminal to the editor, then takes it back and reads the month again.
    private func inEditor(_ mode: TerminalMode, _ input: TerminalInput, _ body: (JournalEditing) throws -> String) {
        mode.leave()
        do { status = try body(JournalEditing(store: gathering.store)) } catch { status = said(error) }
        mode.enter()
        input.discardPending()
        screen.refreshSize()
        month = gathering.of(selected.month)
    }

    private func draw() {
        let size = screen.size
        guard size.columns >= 40, size.rows >= 12 else {
            screen.show([localized(.journalTooSmall)])
            return
        }
        let view = CalendarView(activity: month.activity, days: month.days, style: style)
        var lines = ["", "  " + style.strong(CalendarView.title(selected.month)), ""]
        lines += view.grid(selected: selected, columns: size.columns).map { "  " + $0 }
        lines += ["", "  " + style.dim(localized(.journalLegend)), ""]
        let problems = month.problems.wrapped(to: size.columns - 4).map { "  " + style.bad($0) }
        let bottom = [""] + KeyHint.lines(localized(.journalCalendarKeys), width: size.columns - 2).map { "  " + style.dim($0) }
            + [status].wrapped(to: size.columns - 4).map { "  " + $0 }
        let room = max(1, size.rows - lines.count - bottom.count - problems.count)
        var details = view.details(of: selected).map { "  " + $0 }
        if details.count > room { details = Array(details.prefix(room - 1)) + ["  " + style.dim(localized(.pageMore, details.count - room + 1))] }
        lines += details + problems
        lines += Array(repeating: "", count: max(0, size.rows - lines.count - bottom.count)) + bottom
        screen.show(lines)
    }
}
