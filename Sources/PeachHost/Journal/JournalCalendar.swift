/// What happened on one day, as the calendar marks it.
public struct DayActivity: Equatable, Sendable {
    /// Journal entries written that day.
    public var notes = 0
    /// Training answers given that day (from the history).
    public var answers = 0
    /// Names of the takes recorded that day (from the recorder's library).
    public var recordings: [String] = []

    public init(notes: Int = 0, answers: Int = 0, recordings: [String] = []) {
        self.notes = notes
        self.answers = answers
        self.recordings = recordings
    }

    public var isEmpty: Bool { notes == 0 && answers == 0 && recordings.isEmpty }
}

/// A month's activity by day, gathered at the edge from the journal, the
/// history and the recordings: the one place the three meet.
public struct MonthActivity: Equatable, Sendable {
    public let month: JournalMonth
    public private(set) var days: [JournalDate: DayActivity] = [:]

    /// Counts outside the month are left out.
    public init(month: JournalMonth, notes: [JournalDate: Int] = [:], answers: [JournalDate: Int] = [:], recordings: [JournalDate: [String]] = [:]) {
        self.month = month
        let range = month.days
        for (date, count) in notes where range.contains(date) && count > 0 { days[date, default: DayActivity()].notes = count }
        for (date, count) in answers where range.contains(date) && count > 0 { days[date, default: DayActivity()].answers = count }
        for (date, names) in recordings where range.contains(date) && !names.isEmpty { days[date, default: DayActivity()].recordings = names }
    }

    public subscript(date: JournalDate) -> DayActivity { days[date] ?? DayActivity() }

    /// The days with anything to mark, in order.
    public var activeDays: [JournalDate] { days.keys.sorted() }
}

/// A month laid out as a wall calendar: weeks from Monday to Sunday, each
/// day with its marks, the cells before the first and after the last empty.
public struct CalendarGrid: Equatable, Sendable {
    public struct Cell: Equatable, Sendable {
        public let date: JournalDate
        public let activity: DayActivity
    }

    public let month: JournalMonth
    /// Each week seven cells, Monday first; nil outside the month.
    public let weeks: [[Cell?]]

    public init(_ activity: MonthActivity) {
        let month = activity.month
        self.month = month
        let first = month.firstDay, last = month.lastDay
        var weeks: [[Cell?]] = []
        var start = first.adding(days: -Int64(first.weekday))
        while start <= last {
            weeks.append((0..<7).map { offset in
                let date = start.adding(days: Int64(offset))
                return date.month == month ? Cell(date: date, activity: activity[date]) : nil
            })
            start = start.adding(days: 7)
        }
        self.weeks = weeks
    }

    /// Where `date` is: its week and weekday; nil outside the month.
    public func position(of date: JournalDate) -> (week: Int, weekday: Int)? {
        guard date.month == month else { return nil }
        return ((Int(date.days - month.firstDay.days) + month.firstDay.weekday) / 7, date.weekday)
    }
}
