import PeachSupport

/// A calendar day of the journal, in the player's local time: what a page
/// of a practice diary is headed with. Written and read as `YYYY-MM-DD`.
public struct JournalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let days: Int64

    public init(days: Int64) {
        self.days = days
    }

    /// The day, or `.noSuchDate` carrying `text` when the calendar has no such day (2026-02-30, 2026-13-01).
    public init(year: Int64, month: Int64, day: Int64, text: String) throws(JournalError) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1, day <= CivilDays.daysIn(month: month, year: year) else {
            throw .noSuchDate(text)
        }
        days = CivilDays.days(fromCivil: year, month, day)
    }

    /// `YYYY-MM-DD`, or `today` / `yesterday` counted from `today`.
    public static func parse(_ text: String, today: JournalDate) throws(JournalError) -> JournalDate {
        switch text.lowercased() {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int64(digits: parts[0]), let month = Int64(digits: parts[1]), let day = Int64(digits: parts[2]) else {
            throw .noSuchDate(text)
        }
        return try JournalDate(year: year, month: month, day: day, text: text)
    }

    /// The local day at `seconds` since 1970 (the time zone as the C library has it: TZ).
    public static func local(at seconds: Double) -> JournalDate {
        let parts = LocalTime.parts(of: Int64(seconds.rounded(.down)))
        return JournalDate(days: CivilDays.days(fromCivil: Int64(parts.year), Int64(parts.month), Int64(parts.day)))
    }

    public var civil: (year: Int64, month: Int64, day: Int64) { CivilDays.civil(fromDays: days) }
    /// 0 for Monday ... 6 for Sunday (1970-01-01 was a Thursday).
    public var weekday: Int { Int(((days + 3) % 7 + 7) % 7) }
    public var month: JournalMonth {
        let (year, month, _) = civil
        return JournalMonth(year: year, month: month)
    }

    public func adding(days count: Int64) -> JournalDate { JournalDate(days: days + count) }

    /// `2026-11-21`.
    public var description: String {
        let (year, month, day) = civil
        return year.zeroPadded(4) + "-" + month.zeroPadded(2) + "-" + day.zeroPadded(2)
    }

    public static func < (lhs: JournalDate, rhs: JournalDate) -> Bool { lhs.days < rhs.days }
}

extension Int64 {
    /// The number written in ASCII digits only (no sign, no spaces).
    init?(digits: Substring) {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int64(digits) else { return nil }
        self = value
    }
}
