import PeachFiles
import PeachText
/// Why `peach import` added nothing. Each description is one line naming the file (and line).
public enum ImportError: Error, Equatable, CustomStringConvertible {
    case history(HistoryError)
    /// A row or line of the file being imported that is not an answer (1-based line number).
    case malformed(file: String, line: Int, reason: String)
    case empty(file: String)

    public var description: String {
        switch self {
        case .history(let error): error.description
        case .malformed(let file, let line, let reason): localized(.importMalformed, file, line, reason)
        case .empty(let file): localized(.importEmpty, file)
        }
    }
}
