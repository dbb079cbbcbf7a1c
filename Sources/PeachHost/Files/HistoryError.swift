/// Why the history could not be found, read or written: the file (and the
/// system's reason) as data; `PeachMessages` words it.
public enum HistoryError: Error, Equatable {
    /// No `--data-dir`, no usable `XDG_DATA_HOME`, and no `HOME`.
    case noDataDirectory
    case cannotCreateDirectory(path: String, reason: String)
    /// A folder to be made is already there as a file.
    case fileInTheWay(path: String)
    case cannotRead(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// Another process holds the training lock on this data folder.
    case alreadyTraining(directory: String)
    /// The answer cannot be written as a line that reads back (e.g. a NaN frequency).
    case invalidAnswer(AnswerProblem)
    /// A file in the data folder is a symbolic link, which Peach never follows there.
    case symbolicLink(path: String)
    /// A file in the data folder is not a regular file (a FIFO, a device, a folder).
    case notRegularFile(path: String)
    /// A file Peach was to make for the user (an export, a picture) is there already: it never replaces one.
    case exists(path: String)
    /// The file to be replaced is read-only (no write permission for its owner): someone made it so, and Peach leaves it.
    case readOnly(path: String)
}
