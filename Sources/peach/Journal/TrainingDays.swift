import PeachHistory
import PeachHost
import PeachJournal

/// How many training answers were given on each local day, read from the
/// history (every machine's file); the warnings are the history's own
/// (a torn last line, damaged lines), to be shown.
enum TrainingDays {
    static func answers(dataDirectory: String) throws -> (days: [JournalDate: Int], warnings: [HistoryWarning]) {
        let history = try HistoryStore(directory: dataDirectory, creating: false).readAll()
        var days: [JournalDate: Int] = [:]
        for answer in history.answers { days[JournalDate.local(at: answer.time), default: 0] += 1 }
        return (days, history.warnings)
    }
}
