import PeachFiles

/// Why a take could not be recorded, kept, found, renamed, moved or exported:
/// names, paths and the system's reasons as data; `PeachMessages` words them.
public enum RecordingError: Error, Equatable, Sendable {
    /// The data folder's careful file I/O failed (the folder cannot be made, a link planted).
    case file(HistoryError)
    case nameEmpty
    case nameHasSlash(String)
    case nameStartsWithDot(String)
    /// A leading `-` the command line reads as an option.
    case nameStartsWithDash(String)
    /// Spaces at either end, which no one types back the same.
    case nameHasOuterSpace(String)
    case nameHasControlCharacter(String)
    /// Longer than a file name may be, in UTF-8 bytes.
    case nameTooLong(String, bytes: Int, limit: Int)
    /// Another take (or a take being recorded) already has this name: never overwritten.
    case nameTaken(String)
    /// The file to export to is already there: never overwritten.
    case exportExists(path: String)
    case cannotWrite(path: String, reason: String)
    case cannotRead(path: String, reason: String)
    /// The disk filled while recording: the take stopped and keeps `seconds` of audio.
    case diskFull(path: String, seconds: Double)
    /// The take ended before a single frame came in: there is nothing to keep, and no take was made.
    case nothingRecorded(String)
    /// The take's file is damaged; it is left as it is.
    case damaged(path: String, TakeDamage)
}
