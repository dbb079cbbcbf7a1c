import PeachMusic
/// Two notes to compare: the first exactly at `note`, the second `cents` away.
public struct TrainingPair: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// No answers yet: a random key at 100 cents.
        case coldStart
        /// A key near the last one, a little harder after a correct answer, easier after a wrong one.
        case nearby
        /// A weak spot, drawn at random weighted by weakness.
        case weakSpot
        /// A deliberately easy pair, now and then, at any key in range.
        case easy
    }

    public var note: MIDINote
    /// Signed difference of the second note against the first, a multiple of 0.1.
    public var cents: Double
    public var kind: Kind

    public init(note: MIDINote, cents: Double, kind: Kind) {
        self.note = note
        self.cents = cents
        self.kind = kind
    }

    public var direction: PitchDirection { cents > 0 ? .higher : .lower }

    public func frequencies(reference: Double) -> (first: Double, second: Double) {
        (Pitch.frequency(of: note, reference: reference), Pitch.frequency(of: note, cents: cents, reference: reference))
    }
}
