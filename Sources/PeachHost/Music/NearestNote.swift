import Glibc

/// A frequency as a musician reads it off a tuner: the nearest equal-tempered
/// key at a reference pitch and how far from it, in cents (−50 to +50).
public struct NearestNote: Equatable, Sendable {
    public var note: MIDINote
    public var cents: Double

    /// Nil outside MIDI's keys (below C-1 or above G9) or for no frequency at all.
    public init?(frequency: Double, reference: Double = Pitch.standardReference) {
        guard frequency > 0, frequency.isFinite else { return nil }
        let exact = 69 + 12 * log2(frequency / reference)
        guard let note = MIDINote(number: Int(exact.rounded())) else { return nil }
        self.note = note
        cents = (exact - Double(note.number)) * 100
    }
}
