import FoundationEssentials
import PeachJournal

/// The journal for scripts: days with their numbered entries, and for the
/// calendar each day's marks.
enum JournalJSON {
    struct Entry: Encodable {
        var number: Int
        var time: String
        var text: String
        var take: String?

        init(number: Int, _ entry: JournalEntry) {
            self.number = number
            time = entry.time
            text = entry.text
            take = entry.take
        }
    }

    struct Day: Encodable {
        var date: String
        var entries: [Entry]
        /// The calendar's marks (nil in a plain list).
        var answers: Int?
        var recordings: [String]?

        init(_ day: JournalDay, activity: DayActivity? = nil) {
            date = day.date.description
            entries = day.entries.enumerated().map { Entry(number: $0.offset + 1, $0.element) }
            answers = activity?.answers
            recordings = activity?.recordings
        }
    }

    /// A search's hit: the day and the entry.
    struct Found: Encodable {
        var date: String
        var entry: Entry
    }

    struct Month: Encodable {
        var month: String
        var days: [Day]
    }

}
