import CAlsaSequencer
import PeachMidiOutCore
import Testing

/// The plugin hands each message's bytes to alsa-lib's MIDI encoder, which
/// makes the sequencer event that goes to the kernel. That encoder and its
/// decoder run in user space, so here they prove, without a sequencer, that
/// the bytes become the intended events and come back unchanged.
@Suite struct AlsaMidiEventTests {
    /// An encoder and a decoder, as the plugin makes them.
    final class Codec {
        let encoder: OpaquePointer
        let decoder: OpaquePointer

        init() throws {
            var encoder: OpaquePointer?, decoder: OpaquePointer?
            try #require(snd_midi_event_new(MIDIMessage.capacity, &encoder) == 0)
            try #require(snd_midi_event_new(64, &decoder) == 0)
            snd_midi_event_no_status(decoder, 1)  // every message with its own status byte
            self.encoder = encoder!
            self.decoder = decoder!
        }

        deinit {
            snd_midi_event_free(encoder)
            snd_midi_event_free(decoder)
        }

        /// The sequencer event for `message`, and the bytes alsa-lib decodes from it.
        func roundTrip(_ message: MIDIMessage) throws -> (event: snd_seq_event_t, bytes: [UInt8]) {
            var event = snd_seq_event_t()
            snd_midi_event_reset_encode(encoder)
            let used = message.withBytes { snd_midi_event_encode(encoder, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.count, &event) }
            try #require(used == message.count, "the encoder took \(used) of \(message.count) bytes")
            var buffer = [UInt8](repeating: 0, count: 64)
            snd_midi_event_reset_decode(decoder)
            let count = snd_midi_event_decode(decoder, &buffer, buffer.count, &event)
            try #require(count > 0, "decode failed: \(count)")
            return (event, Array(buffer.prefix(count)))
        }
    }

    static func type(_ type: snd_seq_event_type) -> UInt8 { UInt8(type.rawValue) }

    @Test func noteOnAndOffBecomeNoteEvents() throws {
        let codec = try Codec()
        let (on, onBytes) = try codec.roundTrip(.noteOn(channel: 10, key: 69, velocity: 102))
        #expect(on.type == Self.type(SND_SEQ_EVENT_NOTEON))
        #expect((on.data.note.channel, on.data.note.note, on.data.note.velocity) == (10, 69, 102))
        #expect(onBytes == [0x9A, 69, 102])
        let (off, offBytes) = try codec.roundTrip(.noteOff(channel: 10, key: 69, velocity: 64))
        #expect(off.type == Self.type(SND_SEQ_EVENT_NOTEOFF))
        #expect((off.data.note.channel, off.data.note.note, off.data.note.velocity) == (10, 69, 64))
        #expect(offBytes == [0x8A, 69, 64])
    }

    /// Both ends of the bend range and the middle keep their value: nothing wraps.
    @Test(arguments: [Int16(-8192), -1, 0, 1, 205, 8191])
    func pitchBendKeepsItsValue(value: Int16) throws {
        let message = MIDIMessage.pitchBend(channel: 3, value: value)
        let (event, bytes) = try Codec().roundTrip(message)
        #expect(event.type == Self.type(SND_SEQ_EVENT_PITCHBEND))
        #expect(event.data.control.channel == 3 && event.data.control.value == Int32(value))
        #expect(bytes == message.bytes)
    }

    /// Every message of the set-up and the clean-up: controllers one by one.
    @Test(arguments: MidiOutSettings.Tuning.allCases)
    func setupAndCleanupMessagesRoundTrip(tuning: MidiOutSettings.Tuning) throws {
        var settings = MidiOutSettings()
        settings.tuning = tuning
        var translator = NoteTranslator(settings: settings)
        _ = translator.noteOn(id: 1, frequency: 441, velocity: 0.5) { _ in }
        let codec = try Codec()
        for message in translator.setupMessages() + translator.cleanupMessages() {
            let (event, bytes) = try codec.roundTrip(message)
            #expect(bytes == message.bytes)
            if message[0] & 0xF0 == 0xB0 {
                #expect(event.type == Self.type(SND_SEQ_EVENT_CONTROLLER))
                #expect(event.data.control.param == UInt32(message[1]) && event.data.control.value == Int32(message[2]))
            }
        }
    }

    /// An MTS tuning change becomes one SysEx event carrying all 12 bytes.
    @Test func tuningChangeBecomesOneSysExEvent() throws {
        let message = RetunedKey(frequency: 445.5, a4: 440).message(program: 4)
        let codec = try Codec()
        let (event, bytes) = try codec.roundTrip(message)
        #expect(event.type == Self.type(SND_SEQ_EVENT_SYSEX))
        #expect(event.flags & UInt8(SND_SEQ_EVENT_LENGTH_MASK) == UInt8(SND_SEQ_EVENT_LENGTH_VARIABLE))
        #expect(event.data.ext.len == 12)
        // The event points into the encoder's buffer: the codec must outlive the read.
        withExtendedLifetime(codec) {
            let carried = UnsafeRawBufferPointer(start: event.data.ext.ptr, count: Int(event.data.ext.len))
            #expect(Array(carried) == message.bytes)
        }
        #expect(bytes == message.bytes)
    }
}
