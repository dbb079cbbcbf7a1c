import PeachFiles
import PeachHistory

/// Why `peach import` added nothing: the file (and line) and the reason as
/// data; `PeachMessages` words it.
public enum ImportError: Error, Equatable {
    case history(HistoryError)
    /// A row or line of the file being imported that is not an answer (1-based line number).
    case malformed(file: String, line: Int, reason: Reason)
    case empty(file: String)
    /// Answer number `answer` (from 1, in the file's order) was given after now, by more than a clock can be wrong.
    case fromTheFuture(file: String, answer: Int, time: Double)

    /// What is wrong with the line.
    public enum Reason: Equatable, Sendable {
        /// A line of a JSON-lines file.
        case jsonLine(HistoryLineError)
        case csv(CSVProblem)
    }
}
