import PeachTraining
/// What reading the history found.
public struct HistoryRead: Sendable {
    /// Every answer read, from all machines' files, in time order; equal
    /// times keep file-name order, then line order.
    public var answers: [TrainingAnswer]
    /// Problems to show the user, one line each naming the file: a last line
    /// cut off by a crash, damaged lines left out.
    public var warnings: [HistoryWarning]
    /// Per file with any, the complete lines that are not answers, left out (their warnings are in `warnings`).
    public var damaged: [DamagedLines]
    /// For each file, by name within `history/` (`laptop.jsonl`): the bytes
    /// read up to its last complete line. Pass it to `readNew(since:)`.
    public var consumedBytes: [String: Int]
    /// Whether `answers` is the whole history (from `readAll`, or from
    /// `readNew` when a file had shrunk or vanished), so the caller should
    /// replace what it had rather than add to it.
    public var isComplete: Bool

    public init(answers: [TrainingAnswer] = [], warnings: [HistoryWarning] = [], damaged: [DamagedLines] = [], consumedBytes: [String: Int] = [:],
                isComplete: Bool = true) {
        self.answers = answers
        self.warnings = warnings
        self.damaged = damaged
        self.consumedBytes = consumedBytes
        self.isComplete = isComplete
    }
}
