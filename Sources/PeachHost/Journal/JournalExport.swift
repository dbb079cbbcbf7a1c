/// The journal as one document, to keep or share: Markdown (the day files
/// one after another) or plain text.
public enum JournalExport {
    public enum Format: String, CaseIterable, Sendable {
        case markdown, text
    }

    public static func document(_ days: [JournalDay], format: Format) -> String {
        switch format {
        case .markdown: return days.map(\.markdown).joined(separator: "\n")
        case .text: return days.map(text).joined(separator: "\n")
        }
    }

    /// `2026-11-25`, then each entry's time with its text indented beneath.
    private static func text(_ day: JournalDay) -> String {
        var text = "\(day.date)\n"
        for entry in day.entries {
            text += "  \(entry.time)\n"
            if let take = entry.take { text += "    \(JournalDay.takePrefix) \(take)\n" }
            for line in entry.text.split(separator: "\n", omittingEmptySubsequences: false) { text += line.isEmpty ? "\n" : "    \(line)\n" }
        }
        return text
    }
}
