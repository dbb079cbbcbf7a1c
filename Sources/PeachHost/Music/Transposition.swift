import PeachSupport

/// How a transposing instrument's part is written against concert pitch: a
/// B♭ clarinet's written C sounds B♭, so its written notes stand a major
/// second (+2) above what sounds. Written = concert + `semitones`.
public struct Transposition: Equatable, Sendable, Codable {
    public var semitones: Int

    public static let concert = Transposition(semitones: 0)
    /// Offsets beyond two octaves are no instrument's.
    public static let semitoneRange = -24...24

    public init(semitones: Int) {
        self.semitones = semitones
    }

    /// `Bb` (B♭ trumpet, clarinet: +2), `A` (A clarinet: +3), `Eb` (E♭ alto
    /// saxophone: +9), `F` (horn: +7), `C` (concert), or any offset in semitones (`+14` for a tenor
    /// saxophone, `-12` to read an octave down).
    public init(parsing text: String) throws(TranspositionParseError) {
        let trimmed = text.trimmingWhitespace()
        if let semitones = Int(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed) {
            guard Self.semitoneRange.contains(semitones) else { throw .outside(text, allowed: Self.semitoneRange) }
            self.semitones = semitones
            return
        }
        let key = String(trimmed.lowercased().map { $0 == "♭" ? "b" : $0 })
        guard let semitones = Self.instrumentKeys[key] else { throw .unknown(text) }
        self.semitones = semitones
    }

    /// The written note for a sounding (concert) one; nil past MIDI's keys.
    public func written(_ concert: MIDINote) -> MIDINote? {
        MIDINote(number: concert.number + semitones)
    }

    /// Instruments in C, B♭, A, F and E♭, by the concert note their written C sounds: the nearest one below.
    private static let instrumentKeys = ["c": 0, "bb": 2, "a": 3, "f": 7, "eb": 9]
}

/// Why a text is not a transposition: the text as written.
public enum TranspositionParseError: Error, Equatable, Sendable {
    case unknown(String)
    case outside(String, allowed: ClosedRange<Int>)
}
