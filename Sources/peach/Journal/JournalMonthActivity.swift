import PeachHistory
import PeachHost
import PeachJournal

/// A month's notes, training and recordings, gathered from the journal, the
/// history and the recordings; the training answers are read once and kept,
/// since the calendar moves between months.
struct JournalMonthActivity {
    let store: JournalStore
    let dataDirectory: String
    let answers: [JournalDate: Int]

    /// Reads the history once; its warnings go to standard error now.
    init(store: JournalStore, dataDirectory: String) throws {
        self.store = store
        self.dataDirectory = dataDirectory
        let training = try TrainingDays.answers(dataDirectory: dataDirectory)
        answers = training.days
        training.warnings.forEach { StandardError.warning(said($0)) }
        _ = try store.dates()  // a journal folder that cannot be read ends the command, as it ends `journal list`
    }

    /// The month's activity and its days' pages; the problems, in the user's
    /// words: day files (or, since the start, the folder) that cannot be
    /// read, and a recordings folder that cannot be, whose marks are missing.
    func of(_ month: JournalMonth) -> (activity: MonthActivity, days: [JournalDate: JournalDay], problems: [String]) {
        var (days, problems): ([JournalDay], [JournalError]) = ([], [])
        do { (days, problems) = try store.days(in: month.days) } catch { problems = [error] }
        let recordings = RecordingDays.of(month: month, dataDirectory: dataDirectory)
        let activity = MonthActivity(month: month, notes: Dictionary(uniqueKeysWithValues: days.map { ($0.date, $0.entries.count) }),
                                     answers: answers, recordings: recordings.days)
        let unread = recordings.unreadable.map { localized(.journalRecordingsUnread, said($0)) }
        return (activity, Dictionary(uniqueKeysWithValues: days.map { ($0.date, $0) }), problems.map(said) + (unread.map { [$0] } ?? []))
    }
}
