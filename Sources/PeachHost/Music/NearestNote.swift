import Glibc

/// A frequency as a musician reads it off a tuner: the nearest key at a
/// reference pitch, equal-tempered or in a temperament, and how far from it
/// in cents (−50 to +50 in equal temperament).
public struct NearestNote: Equatable, Sendable {
    public var note: MIDINote
    public var cents: Double

    /// Nil outside MIDI's keys (below C-1 or above G9) or for no frequency at all.
    public init?(frequency: Double, reference: Double = Pitch.standardReference, temperament: Temperament? = nil) {
        guard frequency > 0, frequency.isFinite else { return nil }
        let exact = 69 + 12 * log2(frequency / reference)
        // A tempered key stands less than half a semitone from its equal one, so the nearest is this key or a neighbour.
        let position = { (number: Int) in Double(number) + (temperament?.offsets[((number % 12) + 12) % 12] ?? 0) / 100 }
        let rounded = Int(exact.rounded())
        let number = temperament == nil ? rounded : (rounded - 1...rounded + 1).min { abs(exact - position($0)) < abs(exact - position($1)) }!
        guard let note = MIDINote(number: number) else { return nil }
        self.note = note
        cents = (exact - position(number)) * 100
    }
}
