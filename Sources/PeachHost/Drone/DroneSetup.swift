import Glibc
import PeachMusic
import PeachSupport

/// What a drone sounds: a root at the reference pitch and a cent offset,
/// with an optional fifth and octave above it, the fifth pure (3:2, 701.955
/// cents) or equal-tempered (700 cents). Pure data.
public struct DroneSetup: Equatable, Codable, Sendable {
    public enum Tuning: String, Codable, CaseIterable, Sendable {
        /// A pure fifth, 3:2: no beating against the root.
        case just
        /// 700 cents: the piano's fifth, which beats slowly against the root.
        case equal
    }

    public var root: Int
    public var cents: Double
    public var reference: Double
    public var fifth: Bool
    public var octave: Bool
    public var tuning: Tuning
    /// The root as its note was written (`Bb2` for `Bb2`, `bb2` or `B♭2`:
    /// `MIDINote.spelling`), so it is said as the player wrote it; nil for a
    /// MIDI number or a root moved by other than octaves.
    public var spelling: String?

    public static let centsRange = -100.0...100.0
    /// The octave a drone sounds in when the note names none: low enough to sit under a melody, high enough to sing against.
    public static let defaultOctave = 3

    public init(root: MIDINote, cents: Double = 0, reference: Double = Pitch.standardReference, fifth: Bool = false, octave: Bool = false,
                tuning: Tuning = .just) {
        self.root = root.number
        self.cents = cents
        self.reference = reference
        self.fifth = fifth
        self.octave = octave
        self.tuning = tuning
    }

    /// A note name with or without an octave (`A`, `Bb2`, `F#4`), or a MIDI number.
    public static func note(parsing text: String) throws(NoteParseError) -> MIDINote {
        let named = withOctave(text)
        guard named != text.trimmingWhitespace() else { return try MIDINote(parsing: named) }
        do { return try MIDINote(parsing: named) } catch {
            // The error quotes the text as the user wrote it, not with the octave added here.
            switch error {
            case .malformed: throw .malformed(text)
            case .outOfRange: throw .outOfRange(text)
            }
        }
    }

    /// The name of the note `text` names (as `note(parsing:)` reads it), as it is written there: `Bb2` for `Bb2`,
    /// `B♭2` or `bb2`, `Bb3` for `Bb`; a MIDI number's with a sharp.
    public static func name(parsing text: String) throws(NoteParseError) -> String {
        let note = try note(parsing: text)
        return MIDINote.spelling(withOctave(text)) ?? note.name
    }

    /// A drone on the note `text` names (as `note(parsing:)` reads it), spelled as written there.
    public init(note text: String, reference: Double = Pitch.standardReference, fifth: Bool = false) throws(NoteParseError) {
        self.init(root: try Self.note(parsing: text), reference: reference, fifth: fifth)
        spelling = MIDINote.spelling(Self.withOctave(text))
    }

    /// Sets the root to the note `text` names (as `note(parsing:)` reads it), keeping its spelling.
    public mutating func setRoot(parsing text: String) throws(NoteParseError) {
        let named = try DroneSetup(note: text)
        (root, spelling) = (named.root, named.spelling)
    }

    /// The root's name: as it was written, else with a sharp (`A#2`).
    public var rootName: String {
        spelling.flatMap { (try? MIDINote(parsing: $0))?.number == root ? $0 : nil } ?? rootNote.name
    }

    /// `text` trimmed, with the default octave added to a name without one.
    private static func withOctave(_ text: String) -> String {
        let trimmed = text.trimmingWhitespace()
        guard let last = trimmed.last, !last.isNumber else { return trimmed }
        return trimmed + String(defaultOctave)
    }

    public func check() throws(DroneSetupError) {
        guard MIDINote(number: root) != nil else { throw .rootOutside(root, allowed: MIDINote.validRange) }
        guard Pitch.referenceRange.contains(reference) else { throw .referenceOutside(reference, allowed: Pitch.referenceRange) }
        guard Self.centsRange.contains(cents) else { throw .centsOutside(cents, allowed: Self.centsRange) }
    }

    public var rootNote: MIDINote { MIDINote(number: root)! }

    /// The fifth above the root in cents: 1200·log2(3/2) when just.
    public var fifthCents: Double { tuning == .just ? 1200 * log2(1.5) : 700 }

    /// Every tone of the drone, root first, in Hz.
    public var frequencies: [Double] {
        let base = Pitch.frequency(of: rootNote, cents: cents, reference: reference)
        var tones = [base]
        if fifth { tones.append(tuning == .just ? base * 3 / 2 : base * pow(2, 7.0 / 12)) }
        if octave { tones.append(base * 2) }
        return tones
    }

    /// The same drone moved by `semitones`, kept within MIDI's keys: spelled
    /// as before when moved by octaves, else named with sharps.
    public func moved(by semitones: Int) -> DroneSetup {
        var moved = self
        moved.root = min(max(root + semitones, MIDINote.validRange.lowerBound), MIDINote.validRange.upperBound)
        moved.spelling = spelling.flatMap { spelling in
            let letters = spelling.prefix { !$0.isNumber && $0 != "-" }
            guard semitones % 12 == 0, let octave = Int(spelling.dropFirst(letters.count)) else { return nil }
            return String(letters) + String(octave + semitones / 12)
        }
        return moved
    }
}
