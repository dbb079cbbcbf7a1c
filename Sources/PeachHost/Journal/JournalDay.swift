import PeachSupport

/// One day's page of the journal, as its Markdown file holds it:
///
///     # 2026-11-25
///
///     ## 09:30
///     Take: 2026-11-25 09.30
///     Scales in G, slowly; the shift to third position is still late.
///
/// A `## HH:MM` heading starts each entry; a first line `Take: NAME` links a
/// recording. The file is the user's to edit by hand: it is read leniently
/// (blank lines, any order of times) and what cannot be read is named by line.
public struct JournalDay: Equatable, Sendable {
    public var date: JournalDate
    /// In the order of the file (new entries go in by time).
    public var entries: [JournalEntry]

    public init(date: JournalDate, entries: [JournalEntry] = []) {
        self.date = date
        self.entries = entries
    }

    static let takePrefix = "Take:"
    static let headingPrefix = "## "

    /// Reads a day file's text; `path` names it in errors.
    public static func parse(_ bytes: [UInt8], date: JournalDate, path: String) throws(JournalError) -> JournalDay {
        var entries: [JournalEntry] = []
        var current: (minute: Int, lines: [String])?
        func finish() {
            guard let (minute, lines) = current else { return }
            var body = lines[...]
            while body.first?.trimmingWhitespace().isEmpty == true { body = body.dropFirst() }
            var take: String?
            if let first = body.first, first.hasPrefix(takePrefix) {
                let name = String(first.dropFirst(takePrefix.count)).trimmingWhitespace()
                if !name.isEmpty { take = name }
                body = body.dropFirst()
            }
            while body.first?.trimmingWhitespace().isEmpty == true { body = body.dropFirst() }
            while body.last?.trimmingWhitespace().isEmpty == true { body = body.dropLast() }
            entries.append(JournalEntry(minute: minute, text: body.enumerated().map { unescaped($0.element, first: $0.offset == 0 && take == nil) }.joined(separator: "\n"), take: take))
        }
        for (index, line) in try lines(of: bytes, path: path).enumerated() {
            if line.hasPrefix(headingPrefix) {
                finish()
                let heading = String(line.dropFirst(headingPrefix.count)).trimmingWhitespace()
                guard let minute = JournalEntry.minute(parsing: heading) else { throw .badHeading(path: path, line: index + 1, text: line) }
                current = (minute, [])
            } else if current != nil {
                current!.lines.append(line)
            } else if !line.trimmingWhitespace().isEmpty && !line.hasPrefix("# ") {
                throw .textBeforeFirstEntry(path: path, line: index + 1)
            }
        }
        finish()
        return JournalDay(date: date, entries: entries)
    }

    /// The lines of a UTF-8 text (a CR before a newline dropped), or the first line that is not UTF-8.
    private static func lines(of bytes: [UInt8], path: String) throws(JournalError) -> [String] {
        var lines: [String] = []
        // A byte-order mark, as some Windows editors begin a file, is no text before the title.
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        for (index, raw) in text.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let line = raw.last == 0x0D ? raw.dropLast() : raw
            guard let text = String(validating: line, as: UTF8.self) else { throw .notText(path: path, line: index + 1) }
            lines.append(text)
        }
        return lines
    }

    /// The file's text: the title, then each entry under its heading.
    public var markdown: String {
        var text = "# \(date)\n"
        for entry in entries {
            text += "\n## \(entry.time)\n"
            if let take = entry.take { text += "\(Self.takePrefix) \(take)\n" }
            if !entry.text.isEmpty {
                let lines = entry.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                text += lines.map { Self.escaped(String($0.element), first: $0.offset == 0 && entry.take == nil) }.joined(separator: "\n") + "\n"
            }
        }
        return text
    }

    /// A line of an entry's text as written: one that would read as an
    /// entry's heading (`## `), or as the take when first (`Take:`), gets a
    /// backslash before it, as Markdown escapes a `#`; one that has backslashes there
    /// already gets one more, so that every text reads back as it was.
    static func escaped(_ line: String, first: Bool) -> String {
        let rest = line.drop { $0 == "\\" }
        return rest.hasPrefix(headingPrefix) || (first && rest.hasPrefix(takePrefix)) ? "\\" + line : line
    }

    /// A line of text as read: one backslash fewer where `escaped` put one.
    static func unescaped(_ line: String, first: Bool) -> String {
        let rest = line.drop { $0 == "\\" }
        return rest.count < line.count && (rest.hasPrefix(headingPrefix) || (first && rest.hasPrefix(takePrefix))) ? String(line.dropFirst()) : line
    }

    /// Adds `entry` after those at the same time or earlier, keeping the file's order otherwise.
    public mutating func add(_ entry: JournalEntry) {
        let index = entries.lastIndex { $0.minute <= entry.minute }.map { $0 + 1 } ?? 0
        entries.insert(entry, at: index)
    }
}
