import PeachText
/// Why the history could not be found, read or written. Each description is
/// one line that names the file (and line) and the reason.
public enum HistoryError: Error, Equatable, CustomStringConvertible {
    /// No `--data-dir`, no usable `XDG_DATA_HOME`, and no `HOME`.
    case noDataDirectory
    case cannotCreateDirectory(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// Another process holds the training lock on this data folder.
    case alreadyTraining(directory: String)
    /// The answer cannot be written as a line that reads back (e.g. a NaN frequency).
    case invalidAnswer(reason: String)
    /// A file in the data folder is a symbolic link, which Peach never follows there.
    case symbolicLink(path: String)
    /// A file in the data folder is not a regular file (a FIFO, a device, a folder).
    case notRegularFile(path: String)

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
        case .alreadyTraining(let directory):
            localized(.historyAlreadyTraining, directory)
        case .invalidAnswer(let reason):
            localized(.historyCannotRecord, reason)
        case .symbolicLink(let path):
            localized(.historySymbolicLink, path)
        case .notRegularFile(let path):
            localized(.historyNotRegularFile, path)
        }
    }
}
