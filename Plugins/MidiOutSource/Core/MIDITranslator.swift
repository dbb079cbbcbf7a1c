/// What turns Peach's notes into MIDI messages for one instrument, as
/// `MidiBlockProcessor` drives it: `NoteTranslator` for exact pitches,
/// `DrumNoteTranslator` for drum hits. It only makes bytes; sending them is
/// someone else's job. The note methods run on the audio thread and must
/// allocate nothing, even unoptimised.
public protocol MIDITranslator: Sendable {
    /// The frequencies played as asked; beyond them a note is clamped or refused.
    var playableFrequencies: ClosedRange<Double> { get }
    var isHoldingNotes: Bool { get }

    /// What to send once connected.
    func setupMessages() -> [MIDIMessage]
    /// Starts note `id`, emitting its messages in order.
    mutating func noteOn(id: Int32, frequency: Double, velocity: Double, emit: (MIDIMessage) -> Void) -> NoteOnResult
    /// Releases note `id`; an unknown id sends nothing.
    mutating func noteOff(id: Int32, velocity: Double, emit: (MIDIMessage) -> Void)
    /// Releases every held note.
    mutating func allNotesOff(emit: (MIDIMessage) -> Void)
    /// What to send when stopping, so that nothing is left sounding or changed.
    mutating func cleanupMessages() -> [MIDIMessage]
}

public enum NoteOnResult: Equatable, Sendable {
    case played
    /// Played at the nearest pitch the instrument can reach.
    case clamped
    /// Not played: the frequency was not a positive number.
    case ignored
    /// Not played: the frequency lies outside `playableFrequencies`, and the host is told.
    case refused
}
