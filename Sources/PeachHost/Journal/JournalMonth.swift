import PeachSupport

/// A month of the calendar view, written `YYYY-MM`.
public struct JournalMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int64
    /// 1 to 12.
    public let month: Int64

    init(year: Int64, month: Int64) {
        self.year = year
        self.month = month
    }

    /// `YYYY-MM`, or `.noSuchMonth` carrying the text.
    public static func parse(_ text: String) throws(JournalError) -> JournalMonth {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int64(digits: parts[0]), let month = Int64(digits: parts[1]),
              (1...9999).contains(year), (1...12).contains(month) else { throw .noSuchMonth(text) }
        return JournalMonth(year: year, month: month)
    }

    public var firstDay: JournalDate { JournalDate(days: CivilDays.days(fromCivil: year, month, 1)) }
    public var lastDay: JournalDate { firstDay.adding(days: CivilDays.daysIn(month: month, year: year) - 1) }
    public var days: ClosedRange<JournalDate> { firstDay...lastDay }

    public func adding(months count: Int64) -> JournalMonth {
        let index = year * 12 + (month - 1) + count
        return JournalMonth(year: index / 12, month: index % 12 + 1)
    }

    public var description: String { year.zeroPadded(4) + "-" + month.zeroPadded(2) }

    public static func < (lhs: JournalMonth, rhs: JournalMonth) -> Bool { (lhs.year, lhs.month) < (rhs.year, rhs.month) }
}
