import PeachMusic
import PeachTraining
/// One answer as the profile sees it: 24 bytes instead of a whole `TrainingAnswer`.
public struct AnswerEvidence: Sendable, Equatable {
    public var time: Double
    /// The size of the difference in cents.
    public var delta: Double
    private var noteNumber: UInt8
    /// Where the second note went: the profile tells a leaning towards one answer from the threshold by it.
    public var direction: PitchDirection
    public var correct: Bool

    public var note: MIDINote { MIDINote(number: Int(noteNumber))! }

    public init(_ answer: TrainingAnswer) {
        time = answer.time
        delta = abs(answer.cents)
        noteNumber = UInt8(answer.note.number)
        direction = answer.direction
        correct = answer.correct
    }
}

/// The history as the profile needs it (see `HistoryStore.readEvidence`).
public struct EvidenceRead: Sendable {
    /// Every answer, in time order.
    public var evidence: [AnswerEvidence] = []
    /// The most recent answer in full, to resume after.
    public var latest: TrainingAnswer?
    public var warnings: [HistoryWarning] = []
    public var damaged: [DamagedLines] = []

    public init(evidence: [AnswerEvidence] = [], latest: TrainingAnswer? = nil, warnings: [HistoryWarning] = [], damaged: [DamagedLines] = []) {
        self.evidence = evidence
        self.latest = latest
        self.warnings = warnings
        self.damaged = damaged
    }
}
