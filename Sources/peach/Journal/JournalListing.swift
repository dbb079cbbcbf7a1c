import PeachJournal

/// Days of the journal as lines for reading: the date, then each entry
/// numbered (as `delete --entry` counts) with its time, take and text.
enum JournalListing {
    static func lines(_ day: JournalDay) -> [String] {
        lines(day.date, day.entries.enumerated().map { ($0.offset + 1, $0.element) })
    }

    static func lines(_ date: JournalDate, _ entries: [(number: Int, entry: JournalEntry)]) -> [String] {
        var lines = ["\(date)"]
        for (number, entry) in entries {
            let numberText = String(repeating: " ", count: max(0, 2 - String(number).count)) + String(number)
            let first = "  " + numberText + "  " + entry.time + "  "
            let indent = String(repeating: " ", count: first.count)
            let body = (entry.take.map { ["Take: \($0)"] } ?? []) + entry.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.append(first + (body.first ?? ""))
            lines += body.dropFirst().map { $0.isEmpty ? "" : indent + $0 }
        }
        return lines
    }
}
