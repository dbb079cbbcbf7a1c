import PeachMusic
/// Which way the second note of a pair moved, or which way the listener heard it move.
public enum PitchDirection: String, Codable, Sendable, CaseIterable {
    case higher, lower

    /// +1 for higher, -1 for lower.
    public var sign: Double { self == .higher ? 1 : -1 }
}

/// One answered pair: a line of the history file, and all the profile is ever built from.
public struct TrainingAnswer: Equatable, Sendable {
    /// The history line format this Peach writes and reads.
    public static let schemaVersion = 1

    /// The note lengths training has played, in seconds: the `note-duration`
    /// setting offers 0.3 to 3 s, and `--duration` took 0.1 to 10 s before
    /// there was a setting, so answers written then still count. A length
    /// outside was never played.
    public static let playedNoteSeconds: ClosedRange<Double> = 0.1...10
    /// 1970-01-01T00:00:00Z, where a clock that lost its time starts: an
    /// answer given on such a machine is still the user's, and is kept.
    public static let earliestTime: Double = 0

    /// When the answer was given, in seconds since 1970 (UTC).
    public var time: Double
    /// The key the pair trains; the first note sounds exactly there.
    public var note: MIDINote
    public var firstHz: Double
    public var secondHz: Double
    /// Signed difference of the second note against the first (positive: higher).
    public var cents: Double
    /// Where the second note went.
    public var direction: PitchDirection { cents < 0 ? .lower : .higher }
    public var answer: PitchDirection
    public var correct: Bool
    /// From the moment the answer could be given (the second note's start) to the answer.
    public var responseSeconds: Double
    public var sourceID: String
    /// A4 in Hz when the pair was played.
    public var reference: Double
    /// Length of each note in seconds.
    public var noteSeconds: Double
    /// The values of the source's timbre options (`PEACH_OPTION_FLAG_TIMBRE`,
    /// a SoundFont program, say) by key, so that answers on different
    /// instruments of one source can be told apart; empty for a source
    /// without such options, and in lines written before they were recorded.
    public var timbre: [String: String]

    public init(time: Double, note: MIDINote, firstHz: Double, secondHz: Double, cents: Double, answer: PitchDirection,
                correct: Bool, responseSeconds: Double, sourceID: String, reference: Double, noteSeconds: Double, timbre: [String: String] = [:]) {
        self.time = time
        self.note = note
        self.firstHz = firstHz
        self.secondHz = secondHz
        self.cents = cents
        self.answer = answer
        self.correct = correct
        self.responseSeconds = responseSeconds
        self.sourceID = sourceID
        self.reference = reference
        self.noteSeconds = noteSeconds
        self.timbre = timbre
    }
}
