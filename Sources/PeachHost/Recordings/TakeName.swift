import PeachSupport

/// What a take may be called, and what it is called by default: the local
/// date and time it began, `2026-11-25 14-03-22` (no colons, which synced
/// folders and other systems refuse).
public enum TakeName {
    /// Most bytes a name may have: the file system's 255 for a file name,
    /// less the endings a take's files carry (`.flac.wav` while recording,
    /// the trash's time), with room to spare.
    public static let longest = 200

    /// Refuses a name that is empty, too long for a file name, holds a `/` or
    /// a control character, starts with a dot (hidden, and where the trash
    /// and partial takes live) or a dash (an option to every command that
    /// would name it), or has spaces at an end (a name is found by what is
    /// typed, trimmed).
    public static func check(_ name: String) throws(RecordingError) {
        if name.isEmpty { throw .nameEmpty }
        if name.utf8.count > longest { throw .nameTooLong(name, bytes: name.utf8.count, limit: longest) }
        if name.contains("/") { throw .nameHasSlash(name) }
        if name.hasPrefix(".") { throw .nameStartsWithDot(name) }
        if name.hasPrefix("-") { throw .nameStartsWithDash(name) }
        if name != name.trimmingWhitespace() { throw .nameHasOuterSpace(name) }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) { throw .nameHasControlCharacter(name) }
    }

    /// The default name for a take that began at `time` (Unix seconds), in local time.
    public static func defaultName(startingAt time: Int64) -> String {
        let parts = LocalTime.parts(of: time)
        return "\(parts.year)-\(parts.month.zeroPadded(2))-\(parts.day.zeroPadded(2)) \(parts.hour.zeroPadded(2))-\(parts.minute.zeroPadded(2))-\(parts.second.zeroPadded(2))"
    }

    /// The start time a default name gives, in local time, if it is one.
    static func startTime(fromDefaultName name: String) -> Int64? {
        let fields = name.split(whereSeparator: { $0 == "-" || $0 == " " }).map { Int($0) }
        guard name.count == 19, fields.count == 6, fields.allSatisfy({ $0 != nil }) else { return nil }
        return LocalTime.time(year: fields[0]!, month: fields[1]!, day: fields[2]!, hour: fields[3]!, minute: fields[4]!, second: fields[5]!)
    }
}
