import Foundation
import PeachMidiOutCore
import PeachPluginAPI
import Testing

/// MIDI drums, byte for byte: a note's frequency names a General MIDI
/// percussion key, struck on one channel with the note's velocity and
/// released at its end; no bend, no RPN, no rotation.
@Suite struct DrumNoteTranslatorTests {
    static func frequency(ofKey key: Double) -> Double { 440 * pow(2, (key - 69) / 12) }

    /// Strikes and releases one note, returning every message.
    static func hit(_ translator: inout DrumNoteTranslator, frequency: Double, velocity: Double = 0.8) -> [[UInt8]] {
        var sent: [MIDIMessage] = []
        _ = translator.noteOn(id: 1, frequency: frequency, velocity: velocity) { sent.append($0) }
        translator.noteOff(id: 1, velocity: 0.5) { sent.append($0) }
        return sent.map(\.bytes)
    }

    /// The metronome's keys (woodblock 76/77, GM metronome bell 34 and click
    /// 33, open and closed hi-hat 46/42) at their equal-tempered frequencies
    /// play exactly those keys on channel 10.
    @Test(arguments: [33, 34, 42, 46, 76, 77])
    func theMetronomesKeysPlayOnChannelTen(key: Int) {
        var translator = DrumNoteTranslator(channel: DrumNoteTranslator.generalMIDIChannel)
        let k = UInt8(key)
        #expect(Self.hit(&translator, frequency: Self.frequency(ofKey: Double(key))) == [[0x99, k, 102], [0x89, k, 64]])
    }

    /// The nearest key: up to half a semitone either way chooses the same drum.
    @Test func aFrequencyChoosesTheNearestKey() {
        var translator = DrumNoteTranslator(channel: 10)
        #expect(Self.hit(&translator, frequency: Self.frequency(ofKey: 76.49))[0] == [0x99, 76, 102])
        #expect(Self.hit(&translator, frequency: Self.frequency(ofKey: 76.51))[0] == [0x99, 77, 102])
        #expect(Self.hit(&translator, frequency: Self.frequency(ofKey: 75.6))[0] == [0x99, 76, 102])
    }

    /// The metronome's levels (accent 1, normal 0.8, weak 0.5, subdivision
    /// 0.35) as MIDI velocities; never 0, which would be a note-off.
    @Test(arguments: [(1.0, UInt8(127)), (0.8, 102), (0.5, 64), (0.35, 44), (0.001, 1), (0, 1), (3, 127)])
    func velocityMapsToMIDIAndNeverToZero(velocity: Double, expected: UInt8) {
        var translator = DrumNoteTranslator(channel: 10)
        #expect(Self.hit(&translator, frequency: 659.255, velocity: velocity)[0] == [0x99, 76, expected])
    }

    /// The `channel` option as people number it: 1 is 0x_0 on the wire, 16 is 0x_F.
    @Test(arguments: [(1, UInt8(0x0)), (10, 0x9), (16, 0xF)])
    func theChannelOptionSetsTheStatusByte(channel: Int, wire: UInt8) {
        var translator = DrumNoteTranslator(channel: channel)
        #expect(Self.hit(&translator, frequency: 55) == [[0x90 | wire, 33, 102], [0x80 | wire, 33, 64]])
    }

    /// Keys 0 and 127 play, from the ends of the declared range; beyond them
    /// there is no key, and the note is refused, not moved to another drum.
    @Test func beyondKeys0To127ANoteIsRefused() {
        let range = DrumNoteTranslator(channel: 10).playableFrequencies
        #expect(abs(range.lowerBound - Self.frequency(ofKey: -0.5)) < 1e-9 && abs(range.upperBound - Self.frequency(ofKey: 127.5)) < 1e-9)
        for (frequency, expected) in [(range.lowerBound, [UInt8(0x99), 0, 102]), (range.upperBound, [0x99, 127, 102])] {
            var translator = DrumNoteTranslator(channel: 10)
            #expect(Self.hit(&translator, frequency: frequency)[0] == expected)
        }
        for frequency in [range.lowerBound * 0.999, 7, range.upperBound * 1.001, 20_000] {
            var translator = DrumNoteTranslator(channel: 10)
            var sent: [MIDIMessage] = []
            #expect(translator.noteOn(id: 1, frequency: frequency, velocity: 0.8) { sent.append($0) } == .refused, "\(frequency) Hz")
            #expect(sent.isEmpty && !translator.isHoldingNotes)
        }
        var translator = DrumNoteTranslator(channel: 10)
        for frequency in [0, -55, .nan, .infinity] {
            #expect(translator.noteOn(id: 1, frequency: frequency, velocity: 0.8) { _ in } == .ignored, "\(frequency)")
        }
    }

    /// The block processor tells the host why: NOTE_REFUSED for the note's id,
    /// frequency and offset, out of range, with the keys' reach in words; the
    /// notes around it play.
    @Test func aRefusedNoteIsReportedToTheHost() throws {
        var processor = MidiBlockProcessor(translator: DrumNoteTranslator(channel: 10), sampleRate: 48000, queueZero: 0)
        let eventsBack = BlockTimingTests.EventsBack()
        let (_, sent) = BlockTimingTests.process(&processor, [.init(offset: 3, type: PEACH_EVENT_NOTE_ON, id: 7, frequency: 20_000),
                                                              .init(offset: 5, type: PEACH_EVENT_NOTE_ON, id: 8, frequency: 55)],
                                                 steadyTime: 0, presentation: 1_000_000, eventsBack: eventsBack)
        #expect(sent.map(\.bytes) == [[0x99, 33, 102]])
        var refusal = try #require(eventsBack.refusals.first)
        #expect(eventsBack.refusals.count == 1)
        #expect(refusal.header.type == UInt16(PEACH_EVENT_NOTE_REFUSED) && refusal.header.offset == 3)
        #expect(refusal.header.size == UInt32(MemoryLayout<peach_event_note_refused>.size))
        #expect(refusal.note_id == 7 && refusal.frequency_hz == 20_000 && refusal.reason == UInt32(PEACH_REFUSED_OUT_OF_RANGE))
        let text = withUnsafeBytes(of: &refusal.text) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
        #expect(text == "no MIDI key is that far: the keys reach 7.9 to 12911.4 Hz")
    }

    /// A drum is struck and released on the frames of its note's start and
    /// end, as the melodic notes are: each message carries presentation time +
    /// offset / rate − queue zero, whichever block holds its event.
    @Test func aHitsNoteOffIsStampedAtTheNotesEnd() {
        var processor = MidiBlockProcessor(translator: DrumNoteTranslator(channel: 10), sampleRate: 48000, queueZero: 1_000_000_000)
        let on = BlockTimingTests.process(&processor, [.init(offset: 10, type: PEACH_EVENT_NOTE_ON, frequency: 659.255, velocity: 1)],
                                          steadyTime: 0, presentation: 5_000_000_000)
        #expect(on.1 == [.init(bytes: [0x99, 76, 127], time: .queued(nanoseconds: 4_000_208_333))])
        #expect(on.0.status == PEACH_PROCESS_CONTINUE, "a struck drum is held until its note-off")
        let off = BlockTimingTests.process(&processor, [.init(offset: 100, type: PEACH_EVENT_NOTE_OFF)],
                                           steadyTime: 256, presentation: 5_005_333_333)
        #expect(off.1 == [.init(bytes: [0x89, 76, 102], time: .queued(nanoseconds: 4_007_416_666))], "release velocity 0.8 → 102")
    }

    /// The same drum again while its last hit still sounds (a fast tempo, a
    /// long note): MIDI cannot hold one key twice on a channel, so the first
    /// hit is released and the key struck anew; the first note's own
    /// note-off, coming later, is dropped and cannot cut the new hit.
    @Test func reStrikingASoundingKeyReleasesItFirst() {
        var translator = DrumNoteTranslator(channel: 10)
        var sent: [MIDIMessage] = []
        _ = translator.noteOn(id: 1, frequency: 659.255, velocity: 1) { sent.append($0) }
        _ = translator.noteOn(id: 2, frequency: 659.255, velocity: 0.8) { sent.append($0) }
        #expect(sent.map(\.bytes) == [[0x99, 76, 127], [0x89, 76, 64], [0x99, 76, 102]])
        sent = []
        translator.noteOff(id: 1, velocity: 0.5) { sent.append($0) }
        #expect(sent.isEmpty && translator.isHoldingNotes)
        translator.noteOff(id: 2, velocity: 0.5) { sent.append($0) }
        #expect(sent.map(\.bytes) == [[0x89, 76, 64]])
        #expect(!translator.isHoldingNotes)
    }

    /// Different drums overlap freely, each released by its own note.
    @Test func differentKeysSoundTogether() {
        var translator = DrumNoteTranslator(channel: 10)
        var sent: [MIDIMessage] = []
        _ = translator.noteOn(id: 1, frequency: 659.255, velocity: 1) { sent.append($0) }
        _ = translator.noteOn(id: 2, frequency: 92.499, velocity: 0.5) { sent.append($0) }
        translator.noteOff(id: 1, velocity: 0.5) { sent.append($0) }
        #expect(sent.map(\.bytes) == [[0x99, 76, 127], [0x99, 42, 64], [0x89, 76, 64]])
        #expect(translator.isHoldingNotes)
    }

    /// ALL_NOTES_OFF releases every sounding drum with its own note-off, as
    /// the melodic translator does; unknown ids send nothing.
    @Test func allNotesOffReleasesEverySoundingKey() {
        var translator = DrumNoteTranslator(channel: 10)
        var sent: [MIDIMessage] = []
        translator.noteOff(id: 99, velocity: 0.5) { sent.append($0) }
        #expect(sent.isEmpty)
        _ = translator.noteOn(id: 1, frequency: 58.27, velocity: 1) { _ in }
        _ = translator.noteOn(id: 2, frequency: 55, velocity: 1) { _ in }
        translator.allNotesOff { sent.append($0) }
        #expect(sent.map(\.bytes) == [[0x89, 33, 64], [0x89, 34, 64]])
        #expect(!translator.isHoldingNotes)
    }

    /// Nothing to set up; stopping sends note-offs for what sounds, then all
    /// sound off and all notes off on the one channel: no bend, no other channel.
    @Test func setupIsEmptyAndCleanupSilencesTheChannel() {
        var translator = DrumNoteTranslator(channel: 10)
        #expect(translator.setupMessages().isEmpty)
        _ = translator.noteOn(id: 1, frequency: 116.54, velocity: 1) { _ in }
        #expect(translator.cleanupMessages().map(\.bytes) == [[0x89, 46, 64], [0xB9, 120, 0], [0xB9, 123, 0]])
        #expect(!translator.isHoldingNotes)
        #expect(translator.cleanupMessages().map(\.bytes) == [[0xB9, 120, 0], [0xB9, 123, 0]])
    }
}
