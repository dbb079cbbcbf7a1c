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
            "cannot tell where to keep the training history: HOME is not set; pass --data-dir DIR"
        case .cannotCreateDirectory(let path, let reason):
            "cannot create the folder \(path): \(reason)"
        case .cannotRead(let path, let reason):
            "cannot read \(path): \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason)"
        case .malformedLine(let file, let line, let reason):
            "\(file) line \(line): \(reason)"
        case .newerSchema(let file, let line, let version):
            "\(file) line \(line): \(HistoryLineError.newerSchema(version))"
        case .alreadyTraining(let directory):
            "another Peach is already training with this data folder (\(directory)); stop it first"
        case .invalidAnswer(let reason):
            "cannot record this answer: \(reason)"
        }
    }
}
