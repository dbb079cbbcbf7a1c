import PeachSupport

/// One of the twelve notes without an octave, as written: a letter and its
/// sharps or flats (`E`, `F#`, `Bb`, `B♭`). Keeping the letter lets a scale
/// be spelled from it (E minor has F♯, F major has B♭).
public struct PitchClass: Equatable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// 0 (C) to 6 (B).
    public let letter: Int
    /// Sharps (positive) or flats (negative).
    public let accidental: Int

    public init(letter: Int, accidental: Int) {
        self.letter = letter
        self.accidental = accidental
    }

    /// 0 (C) to 11 (B).
    public var semitone: Int { ((Self.naturals[letter] + accidental) % 12 + 12) % 12 }

    public var description: String {
        Self.letters[letter] + String(repeating: accidental > 0 ? "#" : "b", count: abs(accidental))
    }

    /// `E`, `F#`, `Bb`, `f♯`, `Eb`; a letter and at most two accidentals. German `H` and any octave are refused.
    public init(parsing text: String) throws(ScaleError) {
        let trimmed = text.trimmingWhitespace()
        guard let first = trimmed.first?.uppercased(), let letter = Self.letters.firstIndex(of: first) else { throw .unknownRoot(text) }
        var accidental = 0
        for symbol in trimmed.dropFirst() {
            switch symbol {
            case "#", "♯": accidental += 1
            case "b", "♭": accidental -= 1
            default: throw .unknownRoot(text)
            }
        }
        guard abs(accidental) <= 2 else { throw .unknownRoot(text) }
        self.init(letter: letter, accidental: accidental)
    }

    /// The usual name of a semitone: sharps, or flats where `flats`.
    public init(semitone: Int, flats: Bool) {
        let index = (semitone % 12 + 12) % 12
        if let natural = Self.naturals.firstIndex(of: index) {
            self.init(letter: natural, accidental: 0)
        } else if flats {
            self.init(letter: Self.naturals.firstIndex(of: index + 1)!, accidental: -1)
        } else {
            self.init(letter: Self.naturals.firstIndex(of: index - 1)!, accidental: 1)
        }
    }

    /// The same note a whole number of letters up, spelled to land on `semitone`: E up one letter to semitone 6 is F#.
    func letter(upBy steps: Int, landingOn semitone: Int) -> PitchClass {
        let target = (letter + steps) % 7
        var difference = (semitone - Self.naturals[target]) % 12
        if difference > 6 { difference -= 12 }
        if difference < -6 { difference += 12 }
        return PitchClass(letter: target, accidental: difference)
    }

    static let letters = ["C", "D", "E", "F", "G", "A", "B"]
    static let naturals = [0, 2, 4, 5, 7, 9, 11]

    /// Every root on offer, as the menu cycles them.
    public static let roots: [PitchClass] = (0..<12).map { PitchClass(semitone: $0, flats: [1, 3, 8, 10].contains($0)) }
}
