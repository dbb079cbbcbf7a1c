import PeachHost
import PeachJournal
import PeachText

/// What the calendar says about a month, in the user's language: the grid
/// for the screen, and the same facts as lines for plain mode. Marks are
/// letters in fixed places (N notes, T training, R recordings); colour, when
/// the terminal has it, only repeats them.
struct CalendarView {
    let activity: MonthActivity
    let days: [JournalDate: JournalDay]
    let style: TerminalStyle

    private var letters: [String] { localized(.journalMarkLetters).map(String.init) }

    /// `November 2026`.
    static func title(_ month: JournalMonth) -> String {
        let names = localized(.journalMonthNames).split(separator: " ")
        return "\(names[Int(month.month) - 1]) \(month.year)"
    }

    /// `Wednesday 2026-11-25`.
    static func dayTitle(_ date: JournalDate) -> String {
        "\(localized(.journalWeekdayNames).split(separator: " ")[date.weekday]) \(date)"
    }

    /// The weekday row and a row a week: each day eight cells wide, the selected one in brackets (and inverse).
    /// The month's weeks, a day 8 columns wide with its three marks (`[ 3 NT ]`), or, in `columns` too
    /// narrow for that (under 58: the weekend was cut off), 5 wide with one mark for any activity (`[ 3*]`),
    /// which the chosen day's line beneath spells out.
    func grid(selected: JournalDate, columns: Int = .max) -> [String] {
        let narrow = columns < 7 * 8 + 2
        let header = localized(.journalWeekdayShort).split(separator: " ").map { " " + String($0).padding(narrow ? 4 : 7) }.joined()
        return [style.dim(header)] + CalendarGrid(activity).weeks.map { week in
            week.map { cell -> String in
                guard let cell else { return String(repeating: " ", count: narrow ? 5 : 8) }
                let day = String(cell.date.civil.day)
                let marked = narrow ? (cell.activity.isEmpty ? " " : style.strong("*")) : " " + marks(cell.activity)
                let text = (day.count == 1 ? " " : "") + day + marked
                return cell.date == selected ? style.inverse("[" + text + "]") : " " + text + " "
            }.joined()
        }
    }

    /// Three places, a letter where the day has that kind of activity.
    private func marks(_ activity: DayActivity) -> String {
        let letters = letters
        return (activity.notes > 0 ? style.good(letters[0]) : " ") + (activity.answers > 0 ? style.strong(letters[1]) : " ")
            + (!activity.recordings.isEmpty ? style.bad(letters[2]) : " ")
    }

    /// The day's title with what it holds, then its entries.
    func details(of date: JournalDate) -> [String] {
        let activity = activity[date]
        var summary = [Self.dayTitle(date)]
        if activity.notes > 0 { summary.append(localized(.journalNotes, activity.notes)) }
        if activity.answers > 0 { summary.append(localized(.journalAnswers, activity.answers)) }
        if !activity.recordings.isEmpty { summary.append(localized(.journalRecordings, activity.recordings.joined(separator: ", "))) }
        let entries = days[date].map { Array(JournalListing.lines($0).dropFirst()) } ?? []
        return [summary.joined(separator: " · ")] + (entries.isEmpty && activity.isEmpty ? [localized(.journalDayNothing)] : entries)
    }

    /// For screen readers: the month, how many days had activity, then each such day with its entries.
    func plainLines() -> [String] {
        let title = Self.title(activity.month)
        let active = activity.activeDays
        guard !active.isEmpty else { return [localized(.journalPlainNone, title)] }
        return [localized(.journalPlainMonth, title, active.count)] + active.flatMap(details)
    }
}
