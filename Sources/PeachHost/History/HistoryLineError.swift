import PeachFiles

/// Why one history line could not be read, as data: the field, the value
/// and the column. The store adds the file and line number; `PeachMessages` words it.
public enum HistoryLineError: Error, Equatable, Sendable {
    /// Not JSON as a history line writes it; `column` (1-based bytes) where the scanner saw it, nil inside a string.
    case scan(ScanProblem, column: Int?)
    /// `timbre` is not a flat object of strings.
    case timbreNotStrings
    case fieldTwice(String)
    case fieldMissing(String)
    case notNumber(String)
    case notWholeNumber(String)
    case notString(String)
    case notBool(String)
    /// A frequency or duration field that is not a positive number.
    case notPositive(field: String, value: Double)
    /// A `v` below 1.
    case version(Int)
    case noteOutside(Int)
    /// `name` is not the name of key `note`.
    case nameMismatch(written: String, note: Int, name: String)
    /// `answer` is neither `higher` nor `lower`.
    case answerWord
    case responseNegative
    /// `time` is not an ISO-8601 UTC time; `text` nil when it holds escapes.
    case time(text: String?, UTCTimestamp.ParseFailure)
    /// Values Peach cannot have played or recorded.
    case implausible(AnswerProblem)
    /// The line's `v` is newer than `TrainingAnswer.schemaVersion`.
    case newerSchema(Int)
    /// Longer than any answer (`HistoryFileReader.chunkBytes`): skipped to its end, never read whole.
    case tooLong(bytes: Int)
}
