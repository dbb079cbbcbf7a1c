import PeachHistory
import PeachSupport

/// Days, weeks (from Monday) and months in the listener's time zone, for
/// "today", "this week" and progress per period. The UTC offset comes from
/// the C library (TZ), or is fixed for tests.
public struct LocalCalendar: Sendable {
    /// Seconds to add to UTC at a moment to get local time.
    private let offset: @Sendable (Double) -> Int

    public static let system = LocalCalendar { seconds in LocalTime.parts(of: Int64(seconds.rounded(.down))).utcOffset }

    public static func fixed(utcOffsetSeconds: Int) -> LocalCalendar {
        LocalCalendar { _ in utcOffsetSeconds }
    }

    private init(offset: @escaping @Sendable (Double) -> Int) {
        self.offset = offset
    }

    /// A local calendar date.
    public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
        /// Days since 1970-01-01.
        public let number: Int64

        public var civil: (year: Int64, month: Int64, day: Int64) { CivilDays.civil(fromDays: number) }
        /// 0 for Monday ... 6 for Sunday (1970-01-01 was a Thursday).
        public var weekday: Int { Int(((number + 3) % 7 + 7) % 7) }

        /// `2026-11-21`.
        public var description: String {
            let (year, month, day) = civil
            return "\(year)-\(month.zeroPadded(2))-\(day.zeroPadded(2))"
        }

        public static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }
    }

    public func day(of seconds: Double) -> Day {
        Day(number: Int64(((seconds + Double(offset(seconds))) / 86_400).rounded(.down)))
    }

    /// The moment local `day` begins (midnight, or the first moment after it on a day that skips it).
    public func start(of day: Day) -> Double {
        let local = Double(day.number) * 86_400
        // The offset at midnight itself, found from the offset at a nearby moment.
        let guess = local - Double(offset(local))
        return local - Double(offset(guess))
    }

    /// `2026-11-21 19:07` in local time.
    public func minuteText(_ seconds: Double) -> String {
        let day = day(of: seconds)
        let minutes = Int(((seconds - start(of: day)) / 60).rounded(.down))
        return "\(day) \((minutes / 60).zeroPadded(2)):\((minutes % 60).zeroPadded(2))"
    }

    /// The first day of the period of `period` that holds `day`.
    public func periodStart(_ period: ProgressPeriod, of day: Day) -> Day {
        switch period {
        case .day: return day
        case .week: return Day(number: day.number - Int64(day.weekday))
        case .month:
            let (year, month, _) = day.civil
            return Day(number: CivilDays.days(fromCivil: year, month, 1))
        }
    }

    /// The first day of the period after the one starting on `start`.
    public func periodAfter(_ period: ProgressPeriod, startingOn start: Day) -> Day {
        switch period {
        case .day: return Day(number: start.number + 1)
        case .week: return Day(number: start.number + 7)
        case .month:
            let (year, month, _) = start.civil
            return Day(number: month == 12 ? CivilDays.days(fromCivil: year + 1, 1, 1) : CivilDays.days(fromCivil: year, month + 1, 1))
        }
    }
}
