import Glibc

/// Equal-tempered pitch arithmetic. Peach thinks in notes and cents; sources
/// receive frequencies in Hz, computed here in double precision so that a
/// 0.1-cent request survives with many digits to spare.
public enum Pitch {
    /// A4 = 440 Hz unless the listener chooses otherwise.
    public static let standardReference: Double = 440
    /// Reference pitches Peach accepts for A4.
    public static let referenceRange: ClosedRange<Double> = 400...480

    /// The frequency of `note` detuned by `cents`, with A4 at `reference` Hz.
    public static func frequency(of note: MIDINote, cents: Double = 0, reference: Double = standardReference) -> Double {
        reference * pow(2, (Double(note.number - 69) * 100 + cents) / 1200)
    }

    /// The signed distance in cents from `from` to `to` (positive: `to` is higher).
    public static func cents(from: Double, to: Double) -> Double {
        1200 * log2(to / from)
    }
}
