import PeachText
import PeachTraining
/// Why one history line could not be read. The store adds the file and line number.
public enum HistoryLineError: Error, Equatable, CustomStringConvertible {
    /// Not valid JSON, or a field missing or of the wrong kind; the text says which.
    case malformed(String)
    /// The line's `v` is newer than `TrainingAnswer.schemaVersion`.
    case newerSchema(Int)

    public var description: String {
        switch self {
        case .malformed(let reason):
            reason
        case .newerSchema(let version):
            localized(.historyNewerSchema, version, TrainingAnswer.schemaVersion)
        }
    }
}
