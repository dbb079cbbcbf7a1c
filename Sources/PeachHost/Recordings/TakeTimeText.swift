import Glibc
import PeachSupport

/// A take's times as text: the local minute lists show, and the UTC stamp a
/// take carries in its file.
extension LocalTime {
    /// A local time to the minute, as lists show it: `2026-11-25 14:03`.
    public static func minuteText(_ time: Int64) -> String {
        let parts = parts(of: time), two = TakeName.two
        return "\(parts.year)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
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
