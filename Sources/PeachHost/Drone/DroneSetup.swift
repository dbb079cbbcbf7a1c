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
        let trimmed = text.trimmingWhitespace()
        guard let last = trimmed.last, !last.isNumber else { return try MIDINote(parsing: trimmed) }
        do { return try MIDINote(parsing: trimmed + String(defaultOctave)) } catch {
            // The error quotes the text as the user wrote it, not with the octave added here.
            switch error {
            case .malformed: throw .malformed(text)
            case .outOfRange: throw .outOfRange(text)
            }
        }
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

    /// The same drone moved by `semitones`, kept within MIDI's keys.
    public func moved(by semitones: Int) -> DroneSetup {
        var moved = self
        moved.root = min(max(root + semitones, MIDINote.validRange.lowerBound), MIDINote.validRange.upperBound)
        return moved
    }
}
