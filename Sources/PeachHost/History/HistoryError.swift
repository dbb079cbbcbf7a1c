/// Why the history could not be found, read or written. Each description is
/// one line that names the file (and line) and the reason.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// No `--data-dir`, no usable `XDG_DATA_HOME`, and no `HOME`.
    case noDataDirectory
    case cannotCreateDirectory(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// A complete line that is not a valid history line (1-based line number).
    case malformedLine(file: String, line: Int, reason: String)
    /// A line written by a Peach with a newer history schema.
    case newerSchema(file: String, line: Int, version: Int)
    /// Another process holds the training lock on this data folder.
    case alreadyTraining(directory: String)
    /// The answer cannot be written as a line that reads back (e.g. a NaN frequency).
    case invalidAnswer(reason: String)

    public var description: String {
        switch self {
        case .noDataDirectory:
            localized(.historyNoFolder)
        case .cannotCreateDirectory(let path, let reason):
            localized(.historyCannotCreate, path, reason)
        case .cannotRead(let path, let reason):
            localized(.fileCannotRead, path, reason)
        case .cannotWrite(let path, let reason):
            localized(.historyCannotWrite, path, reason)
        case .malformedLine(let file, let line, let reason):
            localized(.fileLine, file, line, reason)
        case .newerSchema(let file, let line, let version):
            localized(.fileLine, file, line, HistoryLineError.newerSchema(version))
        case .alreadyTraining(let directory):
            localized(.historyAlreadyTraining, directory)
        case .invalidAnswer(let reason):
            localized(.historyCannotRecord, reason)
        }
    }
}
