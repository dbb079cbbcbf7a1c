import Glibc
import PeachSupport

/// The UTC start time a take carries in its file (the partial WAV's header,
/// the finished take's date tag).
enum TakeStamp {
    /// `2026-11-25T13:03:22Z`: always 20 characters, so a WAV header that holds it keeps its length.
    static func text(_ time: Int64) -> String {
        var seconds = time_t(time)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        return "\(fields.tm_year + 1900)-\((fields.tm_mon + 1).zeroPadded(2))-\(fields.tm_mday.zeroPadded(2))T"
            + "\(fields.tm_hour.zeroPadded(2)):\(fields.tm_min.zeroPadded(2)):\(fields.tm_sec.zeroPadded(2))Z"
    }

    /// The time of a stamp made by `text`.
    static func time(_ stamp: String) -> Int64? {
        let fields = stamp.split(whereSeparator: { "-T:Z".contains($0) }).map { Int32($0) }
        guard stamp.count == 20, stamp.hasSuffix("Z"), fields.count == 6, fields.allSatisfy({ $0 != nil }) else { return nil }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (fields[0]! - 1900, fields[1]! - 1, fields[2]!)
        (parts.tm_hour, parts.tm_min, parts.tm_sec) = (fields[3]!, fields[4]!, fields[5]!)
        return Int64(timegm(&parts))
    }
}
