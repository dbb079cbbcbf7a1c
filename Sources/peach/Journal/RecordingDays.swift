import PeachJournal
import PeachRecordings

/// The takes recorded on each day of a month, by name, for the calendar's
/// recording marks and the day's list: from the recorder's library, each on
/// the local day it began, in the order they were recorded; and why there
/// are none, if the recordings folder could not be read.
enum RecordingDays {
    static func of(month: JournalMonth, dataDirectory: String) -> (days: [JournalDate: [String]], unreadable: RecordingError?) {
        var days: [JournalDate: [String]] = [:]
        let listing = TakeLibrary(dataDirectory: dataDirectory).list()
        for take in listing.takes.reversed() {
            let day = JournalDate.local(at: Double(take.startTime))
            if month.days.contains(day) { days[day, default: []].append(take.name) }
        }
        return (days, listing.unreadable)
    }
}
