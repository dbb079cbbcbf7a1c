import PeachFiles

/// Why the journal could not do what was asked: the date, file, line as
/// data; `PeachMessages` words it. Every file named here is left as it was.
public enum JournalError: Error, Equatable {
    /// A date the calendar does not have, or not a date at all (the text as given).
    case noSuchDate(String)
    case noSuchMonth(String)
    /// A time of day that is not `HH:MM` from 00:00 to 23:59.
    case noSuchTime(String)
    /// A take's name that cannot be a take's (empty, more than one line, a `/`).
    case badTakeName(String)
    /// The entry has no text.
    case emptyEntry
    /// A day file that is not UTF-8 text: the first line that is not.
    case notText(path: String, line: Int)
    /// A day file larger than any diary page (a planted or runaway file).
    case tooLarge(path: String, bytes: Int, limit: Int)
    /// A change that would make the day larger than the journal reads back; nothing was written.
    case wouldBeTooLarge(path: String, bytes: Int, limit: Int)
    /// A `## ` heading that is not a time `## HH:MM`.
    case badHeading(path: String, line: Int, text: String)
    /// Text before the first `## HH:MM` heading (other than the `# date` title).
    case textBeforeFirstEntry(path: String, line: Int)
    /// The day file changed between reading it and writing the new version;
    /// the other change stays in it, and what was to be written is kept at `kept` (if anywhere).
    case changedMeanwhile(path: String, kept: String?)
    /// A sync tool's copy of the day file `day` (`2026-11-28.sync-conflict-….md`): not read, so its notes are said to be there.
    case conflictCopy(path: String, day: String)
    case noNotes(JournalDate)
    /// `--entry N` beyond the day's `count` entries.
    case noSuchEntry(JournalDate, number: Int, count: Int)
    case nothingInTrash(JournalDate)
    case file(HistoryError)
    /// What the user wrote in their editor could not be saved (a full disk, a
    /// damaged day); the editor's file at `kept` still holds it.
    indirect case notSaved(JournalError, kept: String)
}

extension JournalError {
    /// The result of `body`, its file error carried as the journal's.
    static func filed<T>(_ body: () throws(HistoryError) -> T) throws(JournalError) -> T {
        do { return try body() } catch { throw .file(error) }
    }
}
