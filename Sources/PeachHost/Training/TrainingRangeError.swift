import PeachMusic
import PeachText
/// Why a text is not a range of keys to train, with what would be one.
public enum TrainingRangeError: Error, Equatable, CustomStringConvertible {
    /// Neither `adaptive` nor two notes joined by a dash.
    case malformed(String)
    /// One of the two notes is not a note.
    case note(text: String, NoteParseError)
    /// A key a piano does not have (MIDI allows it, training does not: A0 to C8).
    case offThePiano(text: String, note: MIDINote)
    /// The higher key first: a range that holds no key.
    case reversed(text: String, from: MIDINote, to: MIDINote)

    public var description: String {
        let piano = (MIDINote(number: MIDINote.pianoRange.lowerBound)!.name, MIDINote(number: MIDINote.pianoRange.upperBound)!.name)
        return switch self {
        case .malformed(let text): localized(.rangeMalformed, text)
        case .note(let text, let error): "'\(text)': \(error)"
        case .offThePiano(let text, let note): localized(.rangeOffThePiano, text, note.name, piano.0, piano.1)
        case .reversed(let text, let from, let to): localized(.rangeReversed, text, to.name, from.name)
        }
    }
}
