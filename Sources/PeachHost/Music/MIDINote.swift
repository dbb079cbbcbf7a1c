import PeachSupport

/// A key on the keyboard, by MIDI number (60 = C4, middle C; 69 = A4).
/// Parses and prints scientific pitch names such as `C4`, `C#3`, `Bb2`, `F♯5`.
public struct MIDINote: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let number: Int

    /// MIDI's whole range; A0 (21) to C8 (108) is the piano's.
    public static let validRange = 0...127
    public static let pianoRange = 21...108

    public init?(number: Int) {
        guard Self.validRange.contains(number) else { return nil }
        self.number = number
    }

    /// Accepts a MIDI number (`69`) or a name (`A4`, `c#3`, `Bb2`, `E♭4`, `B#-1`).
    public init(parsing text: String) throws(NoteParseError) {
        let trimmed = text.trimmingWhitespace()
        if let number = Int(trimmed) {
            guard let note = MIDINote(number: number) else { throw .outOfRange(text) }
            self = note
            return
        }
        var characters = Substring(trimmed)
        guard let letter = characters.first?.uppercased().first,
              let natural = Self.naturalSemitones[letter] else { throw .malformed(text) }
        characters = characters.dropFirst()
        var accidental = 0
        while let symbol = characters.first, let step = Self.accidentals[symbol] {
            accidental += step
            characters = characters.dropFirst()
        }
        guard !characters.isEmpty, let octave = Int(characters) else { throw .malformed(text) }
        guard let note = MIDINote(number: (octave + 1) * 12 + natural + accidental) else { throw .outOfRange(text) }
        self = note
    }

    /// A note's name as `init(parsing:)` reads it, written as Peach writes
    /// names: a capital letter, `#` or `b` for each sharp or flat (`♯` and
    /// `♭` too), the octave. `Bb2` for `bb2` or `B♭2`; nil for a MIDI number
    /// or a text that names no note.
    public static func spelling(_ text: String) -> String? {
        let trimmed = text.trimmingWhitespace()
        guard Int(trimmed) == nil, (try? MIDINote(parsing: trimmed)) != nil, let letter = trimmed.first else { return nil }
        return letter.uppercased() + String(trimmed.dropFirst().map { $0 == "♯" ? "#" : $0 == "♭" ? "b" : $0 })
    }

    /// The name with a sharp where one is needed, e.g. `C#4`.
    public var name: String {
        let octave = number / 12 - 1
        return Self.sharpNames[number % 12] + String(octave)
    }

    public var description: String { name }

    /// Whether the key is a black one on a piano (C#, D#, F#, G#, A#).
    public var isBlackKey: Bool { [1, 3, 6, 8, 10].contains(number % 12) }

    public static func < (lhs: MIDINote, rhs: MIDINote) -> Bool { lhs.number < rhs.number }

    private static let naturalSemitones: [Character: Int] = ["C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11]
    private static let accidentals: [Character: Int] = ["#": 1, "♯": 1, "b": -1, "♭": -1]
    private static let sharpNames = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
}

/// Why a text is not a note: the text as written.
public enum NoteParseError: Error, Equatable, Sendable {
    /// Neither a MIDI number nor a note name.
    case malformed(String)
    /// A note outside MIDI's 0 to 127.
    case outOfRange(String)
}
