import Glibc

/// Unix seconds on the local clock (the system's time zone, `TZ`) and back:
/// the one place Peach asks the C library for local time, for take names and
/// days, the journal's days and minutes, and the reports' calendar.
public enum LocalTime {
    public struct Parts: Equatable, Sendable {
        public var year, month, day, hour, minute, second: Int
        /// Seconds to add to UTC to get this local time.
        public var utcOffset: Int
    }

    /// The local date and time at `time`; UTC where the C library cannot break it down.
    public static func parts(of time: Int64) -> Parts {
        var seconds = time_t(time)
        var fields = tm()
        guard localtime_r(&seconds, &fields) != nil else {
            let days = time >= 0 ? time / 86_400 : (time - 86_399) / 86_400
            let date = CivilDays.civil(fromDays: days), rest = Int(time - days * 86_400)
            return Parts(year: Int(date.year), month: Int(date.month), day: Int(date.day), hour: rest / 3600, minute: rest / 60 % 60,
                         second: rest % 60, utcOffset: 0)
        }
        return Parts(year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
                     hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec), utcOffset: Int(fields.tm_gmtoff))
    }

    /// The Unix time of a local date and time; nil where it does not exist.
    public static func time(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        var fields = tm()
        (fields.tm_year, fields.tm_mon, fields.tm_mday) = (Int32(year - 1900), Int32(month - 1), Int32(day))
        (fields.tm_hour, fields.tm_min, fields.tm_sec, fields.tm_isdst) = (Int32(hour), Int32(minute), Int32(second), -1)
        let time = mktime(&fields)
        // mktime moves 31 April to 1 May: such a day does not exist.
        guard time != -1, fields.tm_mday == Int32(day), fields.tm_mon == Int32(month - 1) else { return nil }
        return Int64(time)
    }
}
