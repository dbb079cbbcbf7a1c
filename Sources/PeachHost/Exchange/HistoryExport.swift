import PeachFiles
import PeachHistory
/// `peach export --csv`: the whole history, every machine's answers merged in
/// time order, as CSV (see `HistoryCSV` for the columns).
public enum HistoryExport {
    /// The CSV (UTF-8) and warnings from reading the history (a torn last line, say).
    public static func csv(dataDirectory: String) throws(HistoryError) -> (bytes: [UInt8], answers: Int, warnings: [HistoryWarning]) {
        let history = try HistoryStore(directory: dataDirectory, creating: false).readAll()
        return (HistoryCSV.document(history.answers), history.answers.count, history.warnings)
    }
}
