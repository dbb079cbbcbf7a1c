import PeachSupport

/// One note of a day: when it was written, its text, and the take it names.
public struct JournalEntry: Equatable, Sendable {
    /// Minutes after local midnight.
    public var minute: Int
    public var text: String
    /// A recording's name in the recorder's library, linked from the note.
    public var take: String?

    public init(minute: Int, text: String, take: String? = nil) {
        self.minute = minute
        self.text = text
        self.take = take
    }

    /// `HH:MM`.
    public var time: String { Self.time(of: minute) }

    /// `HH:MM` of a minute after midnight.
    public static func time(of minute: Int) -> String {
        (minute / 60).zeroPadded(2) + ":" + (minute % 60).zeroPadded(2)
    }

    /// The local minute of the day at `seconds` since 1970 (the time zone as the C library has it: TZ).
    public static func minute(at seconds: Double) -> Int {
        let parts = LocalTime.parts(of: Int64(seconds.rounded(.down)))
        return parts.hour * 60 + parts.minute
    }

    /// Minutes after midnight from `HH:MM`, or nil.
    public static func minute(parsing text: some StringProtocol) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2, let hour = Int64(digits: Substring(parts[0])),
              let minute = Int64(digits: Substring(parts[1])), hour < 24, minute < 60 else { return nil }
        return Int(hour * 60 + minute)
    }

    /// Checks a take's name as a note can carry it: one line, no `/`.
    public static func checkTake(_ name: String) throws(JournalError) {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty, trimmed == name, !name.contains(where: \.isNewline), !name.contains("/") else { throw .badTakeName(name) }
    }

    /// Whether `query` (already lowercased) is in the text or the take's name, case aside.
    public func matches(_ query: String) -> Bool {
        text.lowercased().contains(query) || (take?.lowercased().contains(query) ?? false)
    }
}
