import ArgumentParser
import PeachHost
import PeachJournal
import PeachText

/// `peach journal [calendar] [YYYY-MM]`: a month of notes, training and
/// recordings; full screen, or as lines (`--plain`) or JSON.
struct JournalCalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: localized(.helpJournalCalendarAbstract),
        discussion: localized(.helpJournalCalendarDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach journal
              peach journal calendar 2026-11
              peach journal calendar --plain
              peach journal calendar 2026-11 --json
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp(localized(.helpJournalMonth), valueName: localized(.valueNameMonth)))
    var month: String?

    @Flag(help: ArgumentHelp(localized(.helpJournalPlain)))
    var plain = false

    @Flag(help: ArgumentHelp(localized(.helpJournalCalendarJSON)))
    var json = false

    func validate() throws {
        guard let month else { return }
        // A word with no digit, near a command's name, is that command mistyped (`peach journal lst`), not a month.
        if (try? JournalMonth.parse(month)) == nil, !month.contains(where: \.isNumber),
           let sentence = UnknownCommand.sentence(month, under: JournalCommand.self, named: "peach journal", onlyNear: true) {
            // Under `peach journal`'s usage, whose command was mistyped, not the calendar's.
            Peach.exitWithUsageError(UsageMessage.text(sentence, command: JournalCommand.self))
        }
        _ = try checked { try JournalMonth.parse(month) }
    }

    func run() throws {
        let clock = JournalClock()
        let shown = try month.map { text throws(JournalError) in try JournalMonth.parse(text) } ?? clock.today.month
        let directory = try data.resolve()
        let gathering = try JournalMonthActivity(store: JournalStore(dataDirectory: directory), dataDirectory: directory)
        guard TerminalMode.drawsPlain(asked: plain) || json else {
            // The chosen day: today in this month, else the month's first.
            let selected = shown == clock.today.month ? clock.today : shown.firstDay
            let screen = CalendarScreen(gathering: gathering, clock: clock, selected: selected)
            try screen.run()
            return ScreenExit.ended(signal: screen.endedBy).endProcess()
        }
        let (activity, days, problems) = gathering.of(shown)
        problems.forEach { StandardError.warning($0) }
        if json {
            let active = activity.activeDays.map { date in JournalJSON.Day(days[date] ?? JournalDay(date: date), activity: activity[date]) }
            print(try CommandJSON.pretty(JournalJSON.Month(month: shown.description, days: active)))
        } else {
            let view = CalendarView(activity: activity, days: days, style: TerminalStyle(colour: false, unicode: false))
            view.plainLines().forEach { PlainWriter().say($0) }
        }
    }
}
