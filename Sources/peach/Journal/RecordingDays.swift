import PeachJournal

/// The takes recorded on each day of a month, by name, for the calendar's
/// recording marks and the day's list.
///
/// The seam for the recorder: its library (`PeachRecordings`) is not on this
/// branch, so no day has recordings yet. Fill this in from the library's
/// takes, each on the local day it was recorded (`JournalDate.local(at:)`);
/// nothing else in the journal needs to change.
enum RecordingDays {
    static func of(month: JournalMonth, dataDirectory: String) -> [JournalDate: [String]] {
        [:]
    }
}
