import Glibc

/// Unix seconds to the local calendar and back (the system's time zone, `TZ`),
/// and the UTC stamp a take carries in its file.
public enum LocalTime {
    public struct Parts: Equatable, Sendable {
        public var year, month, day, hour, minute, second: Int
    }

    public static func parts(of time: Int64) -> Parts {
        var seconds = time_t(time)
        var fields = tm()
        localtime_r(&seconds, &fields)
        return Parts(year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
                     hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec))
    }

    /// A local time to the minute, as lists show it: `2026-11-25 14:03`.
    public static func minuteText(_ time: Int64) -> String {
        let parts = parts(of: time), two = TakeName.two
        return "\(parts.year)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
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

    /// `2026-11-25T13:03:22Z`: always 20 characters, so a WAV header that holds it keeps its length.
    static func utcStamp(_ time: Int64) -> String {
        var seconds = time_t(time)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        let two = TakeName.two
        return "\(fields.tm_year + 1900)-\(two(Int(fields.tm_mon) + 1))-\(two(Int(fields.tm_mday)))T"
            + "\(two(Int(fields.tm_hour))):\(two(Int(fields.tm_min))):\(two(Int(fields.tm_sec)))Z"
    }

    /// The time of a stamp made by `utcStamp`.
    static func time(utcStamp stamp: String) -> Int64? {
        let fields = stamp.split(whereSeparator: { "-T:Z".contains($0) }).map { Int32($0) }
        guard stamp.count == 20, stamp.hasSuffix("Z"), fields.count == 6, fields.allSatisfy({ $0 != nil }) else { return nil }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (fields[0]! - 1900, fields[1]! - 1, fields[2]!)
        (parts.tm_hour, parts.tm_min, parts.tm_sec) = (fields[3]!, fields[4]!, fields[5]!)
        return Int64(timegm(&parts))
    }
}
