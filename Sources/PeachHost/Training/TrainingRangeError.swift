import PeachMusic
/// Why a text is not a range of keys to train, as data; `PeachMessages` words it with what would be one.
public enum TrainingRangeError: Error, Equatable {
    /// Neither `adaptive` nor two notes joined by a dash.
    case malformed(String)
    /// One of the two notes is not a note.
    case note(text: String, NoteParseError)
    /// A key a piano does not have (MIDI allows it, training does not: A0 to C8).
    case offThePiano(text: String, note: MIDINote)
    /// The higher key first: a range that holds no key.
    case reversed(text: String, from: MIDINote, to: MIDINote)
}
