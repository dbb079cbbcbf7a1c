import PeachFiles

/// Something about the data folder the user should know that did not stop a
/// read: as data, worded by `PeachMessages`.
public enum HistoryWarning: Equatable, Sendable {
    /// The file ends in `bytes` without a newline (cut off while being written?), skipped.
    case tornTail(path: String, bytes: Int)
    /// Complete lines that are not answers, left out.
    case damaged(DamagedLines)
    /// The profile snapshot is unreadable; the profile was rebuilt (the next training moves the file aside).
    case snapshotDamaged(path: String)
    case snapshotMovedAside(path: String, to: String)
    case snapshotNotMovedAside(path: String, HistoryError)
}
