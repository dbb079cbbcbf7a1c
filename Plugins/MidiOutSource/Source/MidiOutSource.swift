import PeachMidiOutCore
import PeachPluginAPI

/// The sources this library offers. Both reach an instrument through the
/// same sequencer client and destination; they differ in what a note becomes.
enum MidiOutSource: CaseIterable {
    /// Exact pitches on a melodic instrument (`NoteTranslator`).
    case melodic
    /// Hits on a drum machine or kit, for the metronome (`DrumNoteTranslator`).
    case drums

    var id: String {
        switch self {
        case .melodic: "org.peach.midi-out"
        case .drums: "org.peach.midi-out-drums"
        }
    }

    var name: String {
        switch self {
        case .melodic: "MIDI Out"
        case .drums: "MIDI drums"
        }
    }

    /// Neither is REALTIME_SAFE: `process` hands its events to the kernel's
    /// sequencer, a non-blocking write but I/O all the same.
    var flags: UInt32 {
        switch self {
        case .melodic: PEACH_SOURCE_SENDS_MIDI
        case .drums: PEACH_SOURCE_SENDS_MIDI | PEACH_SOURCE_UNPITCHED
        }
    }

    var description: String {
        switch self {
        case .melodic:
            "Plays the notes on a MIDI instrument through the ALSA sequencer (a digital piano, a synthesizer, FluidSynth), with exact pitch."
        case .drums:
            "Strikes a drum machine or General MIDI drum kit through the ALSA sequencer: each note plays the percussion key nearest its frequency, e.g. the metronome's clicks."
        }
    }

    var options: [MidiOutOption] {
        switch self {
        case .melodic: [.destination, .tuning, .bendRange, .channels, .instrumentA4]
        case .drums: [.destination, .channel]
        }
    }

    /// `peach.note-range/1`: what the instrument plays exactly with `values`.
    func playableFrequencies(_ values: MidiOutOption.Values) -> ClosedRange<Double> {
        switch self {
        case .melodic: values.settings.playableFrequencies
        case .drums: DrumNoteTranslator.keyFrequencies
        }
    }

    static func withID(_ id: String) -> MidiOutSource? { allCases.first { $0.id == id } }
}
