import PeachSupport

/// A day or a month to find takes by, as typed: `2026-11-25` or `2026-11`,
/// in local time (the calendar the player lives by).
public struct TakeDate: Equatable, Sendable {
    /// Unix seconds: the first second of the day or month, and the first after it.
    public let start: Int64
    public let end: Int64

    /// Nil for anything but a real `YYYY-MM-DD` or `YYYY-MM`.
    public init?(parsing text: String) {
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (2...3).contains(fields.count), fields[0].count == 4, fields.dropFirst().allSatisfy({ $0.count == 2 }),
              let year = Int(fields[0]), let month = Int(fields[1]) else { return nil }
        if fields.count == 3 {
            guard let day = Int(fields[2]), let start = LocalTime.time(year: year, month: month, day: day) else { return nil }
            self.init(local: start, next: LocalTime.time(year: year, month: month, day: day + 1)
                ?? LocalTime.time(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)!)
        } else {
            guard let start = LocalTime.time(year: year, month: month, day: 1) else { return nil }
            self.init(local: start, next: LocalTime.time(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)!)
        }
    }

    /// The local day `year-month-day`, for a calendar.
    public init?(year: Int, month: Int, day: Int) {
        self.init(parsing: "\(year)-\(month.zeroPadded(2))-\(day.zeroPadded(2))")
    }

    private init(local start: Int64, next: Int64) {
        (self.start, end) = (start, next)
    }

    public func contains(_ time: Int64) -> Bool { (start..<end).contains(time) }
}
