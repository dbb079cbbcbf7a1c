import Foundation
import PeachMidiOutCore
import Testing

/// Channels, the RPN set-up and the clean-up, byte for byte.
@Suite struct NoteTranslatorTests {
    static func bytes(_ messages: [MIDIMessage]) -> [[UInt8]] { messages.map(\.bytes) }

    static func settings(_ tuning: MidiOutSettings.Tuning = .pitchBend, bendRange: Int = 2, channels: Int = 15) -> MidiOutSettings {
        var settings = MidiOutSettings()
        settings.tuning = tuning
        settings.bendRange = bendRange
        settings.channelCount = channels
        return settings
    }

    /// The range the source declares is what it plays unclamped: its ends are
    /// played as asked, one step of the wire's resolution beyond them is clamped.
    @Test(arguments: [(MidiOutSettings.Tuning.pitchBend, 2), (.pitchBend, 12), (.mts, 2)])
    func theDeclaredRangeIsWhatPlaysUnclamped(tuning: MidiOutSettings.Tuning, bendRange: Int) {
        var settings = Self.settings(tuning, bendRange: bendRange)
        settings.instrumentA4 = 442
        let range = settings.playableFrequencies
        let step = tuning == .mts ? 1.0 / 16384 : Double(bendRange) / 8192  // in semitones
        let beyond = pow(2, step / 12)
        for (frequency, expected) in [(range.lowerBound, NoteOnResult.played), (range.upperBound, .played),
                                      (range.lowerBound / beyond, .clamped), (range.upperBound * beyond, .clamped)] {
            var translator = NoteTranslator(settings: settings)
            #expect(translator.noteOn(id: 1, frequency: frequency, velocity: 0.8) { _ in } == expected, "\(tuning) at \(frequency) Hz")
        }
    }

    @Test func pitchBendSetupSetsTheRangeWithRPN0OnEveryChannelButTen() {
        let setup = Self.bytes(NoteTranslator(settings: Self.settings(bendRange: 2)).setupMessages())
        let channels: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15]
        #expect(setup.count == channels.count * 7)
        for (index, channel) in channels.enumerated() {
            let cc = 0xB0 | channel
            #expect(Array(setup[index * 7..<index * 7 + 7]) == [
                [cc, 101, 0], [cc, 100, 0],    // select RPN 0, pitch-bend range
                [cc, 6, 2], [cc, 38, 0],       // 2 semitones, 0 cents
                [cc, 101, 127], [cc, 100, 127], // deselect (RPN null)
                [0xE0 | channel, 0x00, 0x40],  // bend centred
            ], "channel \(channel + 1)")
        }
    }

    @Test func aWiderRangeIsWrittenAsItsSemitones() {
        let setup = Self.bytes(NoteTranslator(settings: Self.settings(bendRange: 12, channels: 1)).setupMessages())
        #expect(setup == [[0xB0, 101, 0], [0xB0, 100, 0], [0xB0, 6, 12], [0xB0, 38, 0], [0xB0, 101, 127], [0xB0, 100, 127], [0xE0, 0, 0x40]])
    }

    /// MTS: channel n plays tuning program n − 1 of bank 0 (RPN 4, then RPN 3).
    @Test func mtsSetupSelectsOneTuningProgramPerChannel() {
        let setup = Self.bytes(NoteTranslator(settings: Self.settings(.mts, channels: 10)).setupMessages())
        #expect(setup.count == 10 * 11)
        let channel10th: UInt8 = 10  // the tenth channel of the rotation is channel 11 (10 on the wire)
        #expect(Array(setup[99..<110]) == [
            [0xBA, 101, 0], [0xBA, 100, 4], [0xBA, 6, 0], [0xBA, 101, 127], [0xBA, 100, 127],
            [0xBA, 101, 0], [0xBA, 100, 3], [0xBA, 6, channel10th], [0xBA, 101, 127], [0xBA, 100, 127],
            [0xEA, 0, 0x40],
        ])
    }

    /// Notes take turns over the channels, skipping 10; a note-off goes to
    /// the note's own channel and key.
    @Test func notesRotateOverTheChannelsSkippingTen() {
        var translator = NoteTranslator(settings: Self.settings())
        var channels: [UInt8] = []
        for id in Int32(1)...16 {
            var messages: [MIDIMessage] = []
            _ = translator.noteOn(id: id, frequency: 440, velocity: 0.8) { messages.append($0) }
            #expect(messages.count == 2 && messages[0].channel == messages[1].channel)
            channels.append(messages[1].channel!)
            var off: [MIDIMessage] = []
            translator.noteOff(id: id, velocity: 0.5) { off.append($0) }
            #expect(Self.bytes(off) == [[0x80 | messages[1].channel!, 69, 64]])
        }
        #expect(channels == [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 0])
    }

    /// A channel still holding a note is passed over, so its note is never re-bent.
    @Test func aChannelHoldingANoteIsPassedOver() {
        var translator = NoteTranslator(settings: Self.settings(channels: 3))
        func start(_ id: Int32) -> UInt8 {
            var channel: UInt8 = 99
            _ = translator.noteOn(id: id, frequency: 440, velocity: 0.8) { channel = $0.channel! }
            return channel
        }
        #expect(start(1) == 0)   // held throughout
        #expect(start(2) == 1)
        translator.noteOff(id: 2, velocity: 0.5) { _ in }
        #expect(start(3) == 2)
        translator.noteOff(id: 3, velocity: 0.5) { _ in }
        #expect(start(4) == 1, "channel 1 holds note 1, so the turn skips it")
        #expect(start(5) == 2)
        #expect(start(6) == 0, "every channel holds a note: the next in turn is shared")
    }

    /// One channel (an instrument that listens on channel 1 only): every note there.
    @Test func oneChannelTakesEveryNote() {
        var translator = NoteTranslator(settings: Self.settings(channels: 1))
        var channels: Set<UInt8> = []
        for id in Int32(1)...4 {
            _ = translator.noteOn(id: id, frequency: 300 + Double(id), velocity: 0.8) { channels.insert($0.channel!) }
        }
        #expect(channels == [0])
    }

    @Test func unknownNotesAreIgnoredAndAllNotesOffReleasesEachHeldNote() {
        var translator = NoteTranslator(settings: Self.settings())
        var sent: [MIDIMessage] = []
        translator.noteOff(id: 99, velocity: 0.5) { sent.append($0) }
        #expect(sent.isEmpty)
        _ = translator.noteOn(id: 1, frequency: 261.63, velocity: 0.8) { _ in }
        _ = translator.noteOn(id: 2, frequency: 329.63, velocity: 0.8) { _ in }
        translator.allNotesOff { sent.append($0) }
        #expect(Set(Self.bytes(sent)) == [[0x80, 60, 64], [0x81, 64, 64]])
        #expect(!translator.isHoldingNotes)
    }

    @Test func velocityMapsToMIDI() {
        #expect(NoteTranslatorTests.noteOnVelocity(0.8) == 102)
        #expect(NoteTranslatorTests.noteOnVelocity(1) == 127)
        #expect(NoteTranslatorTests.noteOnVelocity(0) == 1, "velocity 0 would be a note-off")
        #expect(NoteTranslatorTests.noteOnVelocity(7) == 127)
    }

    static func noteOnVelocity(_ velocity: Double) -> UInt8 {
        var translator = NoteTranslator(settings: MidiOutSettings())
        var sent: [MIDIMessage] = []
        _ = translator.noteOn(id: 1, frequency: 440, velocity: velocity) { sent.append($0) }
        return sent.last![2]
    }

    /// More held notes than there is room for: the oldest is released first, never forgotten.
    @Test func tooManyHeldNotesReleaseTheOldest() {
        var translator = NoteTranslator(settings: Self.settings(channels: 15))
        for id in 0..<Int32(NoteTranslator.maxHeldNotes) { _ = translator.noteOn(id: id, frequency: 440, velocity: 0.5) { _ in } }
        var sent: [MIDIMessage] = []
        _ = translator.noteOn(id: 1000, frequency: 440, velocity: 0.5) { sent.append($0) }
        #expect(Self.bytes(sent).first == [0x80, 69, 64], "note 0 (channel 1) released to make room")
        translator.noteOff(id: 0, velocity: 0.5) { sent.append($0) }
        #expect(sent.count == 3, "note 0 is gone: its note-off sends nothing more")
    }

    // MARK: Cleaning up

    /// Stopping: note-offs for held notes, then all sound off, all notes off
    /// and a centred bend on every channel of the rotation.
    @Test func cleanupSilencesAndUnbendsEveryChannelUsed() {
        var translator = NoteTranslator(settings: Self.settings(channels: 4))
        var receiver = MIDIReceiver()
        receiver.receive(translator.setupMessages())
        _ = translator.noteOn(id: 1, frequency: 466, velocity: 0.8) { receiver.receive($0.bytes) }
        _ = translator.noteOn(id: 2, frequency: 500, velocity: 0.8) { receiver.receive($0.bytes) }
        translator.noteOff(id: 1, velocity: 0.5) { receiver.receive($0.bytes) }
        #expect(receiver.sounding.count == 1 && receiver.bend[1] != 0)
        let cleanup = Self.bytes(translator.cleanupMessages())
        #expect(cleanup.first == [0x81, 71, 64], "the held note on channel 2 (B4) is released first")
        var expected: [[UInt8]] = []
        for channel: UInt8 in [0, 1, 2, 3] { expected += [[0xB0 | channel, 120, 0], [0xB0 | channel, 123, 0], [0xE0 | channel, 0, 0x40]] }
        #expect(Array(cleanup.dropFirst()) == expected)
        #expect(!translator.isHoldingNotes)
        cleanup.forEach { receiver.receive($0) }
        #expect(receiver.sounding.isEmpty && receiver.bend.allSatisfy { $0 == 0 })
    }

    /// With MTS, every key retuned is put back to equal temperament in its own tuning program.
    @Test func mtsCleanupRestoresEveryRetunedKey() {
        var translator = NoteTranslator(settings: Self.settings(.mts, channels: 2))
        var receiver = MIDIReceiver()
        receiver.receive(translator.setupMessages())
        for (id, frequency) in [(1, 445.0), (2, 262.0), (3, 440.5)] {
            _ = translator.noteOn(id: Int32(id), frequency: frequency, velocity: 0.8) { receiver.receive($0.bytes) }
            translator.noteOff(id: Int32(id), velocity: 0.5) { receiver.receive($0.bytes) }
        }
        #expect(receiver.tunings[0]?[69] != 69 && receiver.tunings[1]?[60] != 60)
        let cleanup = translator.cleanupMessages()
        receiver.receive(cleanup)
        #expect(receiver.tunings == [0: [69: 69], 1: [60: 60]])
        let restores = cleanup.filter { $0[0] == 0xF0 }.map(\.bytes)
        #expect(Set(restores) == [[0xF0, 0x7F, 0x7F, 0x08, 0x02, 0, 1, 69, 69, 0, 0, 0xF7], [0xF0, 0x7F, 0x7F, 0x08, 0x02, 1, 1, 60, 60, 0, 0, 0xF7]])
        var again = translator
        #expect(!again.cleanupMessages().contains { $0[0] == 0xF0 }, "restored keys are not restored twice")
    }

    /// Two notes of a pair on one key, a few cents apart, each on its own
    /// channel: the second's bend or tuning never moves the first.
    @Test(arguments: MidiOutSettings.Tuning.allCases)
    func aPairOnOneKeyKeepsBothPitches(tuning: MidiOutSettings.Tuning) {
        var translator = NoteTranslator(settings: Self.settings(tuning))
        var receiver = MIDIReceiver()
        receiver.receive(translator.setupMessages())
        _ = translator.noteOn(id: 1, frequency: 440, velocity: 0.8) { receiver.receive($0.bytes) }
        _ = translator.noteOn(id: 2, frequency: 441, velocity: 0.8) { receiver.receive($0.bytes) }
        // What the first note sounds like now, after the second note's messages:
        let first = receiver.sounding[0]
        let bendNow = Double(receiver.bend[first.channel]) / 8192 * receiver.bendRange[first.channel]
        let tuningNow = receiver.tunings[receiver.tuningProgram[first.channel]]?[first.key] ?? Double(first.key)
        #expect(abs(tuningNow + bendNow - 69) < 1e-9)
        #expect(receiver.sounding.map(\.channel) == [0, 1])
    }
}
