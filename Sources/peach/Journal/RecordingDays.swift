import PeachJournal
import PeachRecordings

/// The takes recorded on each day of a month, by name, for the calendar's
/// recording marks and the day's list: from the recorder's library, each on
/// the local day it began, in the order they were recorded.
enum RecordingDays {
    static func of(month: JournalMonth, dataDirectory: String) -> [JournalDate: [String]] {
        var days: [JournalDate: [String]] = [:]
        for take in TakeLibrary(dataDirectory: dataDirectory).list().takes.reversed() {
            let day = JournalDate.local(at: Double(take.startTime))
            if month.days.contains(day) { days[day, default: []].append(take.name) }
        }
        return days
    }
}
