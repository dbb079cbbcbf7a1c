import PeachMidiOutCore
import PeachPluginAPI
import Testing

/// The bytes for each pitch, read back by an independent model of an
/// instrument (`MIDIReceiver`) and turned into the frequency it would sound.
@Suite struct PitchAccuracyTests {
    /// Plays `frequencies` one at a time and returns what sounded, in cents from each request.
    static func errors(_ frequencies: [Double], settings: MidiOutSettings, instrumentA4: Double = 440) -> [Double] {
        var translator = NoteTranslator(settings: settings)
        var receiver = MIDIReceiver()
        receiver.a4 = instrumentA4
        receiver.receive(translator.setupMessages())
        var errors: [Double] = []
        for (index, frequency) in frequencies.enumerated() {
            var messages: [MIDIMessage] = []
            _ = translator.noteOn(id: Int32(index), frequency: frequency, velocity: 0.8) { messages.append($0) }
            receiver.receive(messages)
            errors.append(peach_hz_to_cents(frequency, receiver.started.last!.frequency))
            translator.noteOff(id: Int32(index), velocity: 0.5) { receiver.receive($0.bytes) }
        }
        return errors
    }

    /// Every key, at fractions that fall everywhere between two bend steps.
    static let sweep: [Double] = stride(from: 0.0, through: 127.4, by: 0.0137).map { frequency(ofNote: $0) }

    static func frequency(ofNote note: Double, a4: Double = 440) -> Double { peach_cents_to_hz(a4, (note - 69) * 100) }

    static func settings(_ tuning: MidiOutSettings.Tuning, bendRange: Int = 2) -> MidiOutSettings {
        var settings = MidiOutSettings()
        settings.tuning = tuning
        settings.bendRange = bendRange
        return settings
    }

    @Test func pitchBendAtTheDefaultRangeIsWithinThreeHundredthsOfACent() {
        let errors = Self.errors(Self.sweep, settings: Self.settings(.pitchBend))
        let worst = errors.map(abs).max()!
        print("pitch bend ±2: worst error \(worst) cent over \(errors.count) pitches (half a step: \(200.0 / 8192 / 2))")
        #expect(worst <= 0.03)
        #expect(worst <= 200.0 / 8192 / 2 + 1e-9, "rounding to the nearest step errs by at most half a step")
    }

    /// Wider ranges have coarser steps: the error is half a step, no more.
    @Test(arguments: [1, 12, 24])
    func pitchBendErrsByAtMostHalfAStep(range: Int) {
        let errors = Self.errors(Self.sweep, settings: Self.settings(.pitchBend, bendRange: range))
        let worst = errors.map(abs).max()!
        let halfStep = Double(range) * 100 / 8192 / 2
        print("pitch bend ±\(range): worst error \(worst) cent (half a step: \(halfStep))")
        #expect(worst <= halfStep + 1e-9)
        #expect(worst > halfStep * 0.9, "the sweep reaches the worst case, so the bound is tight")
    }

    @Test func mtsIsWithinAHundredthOfACent() {
        let errors = Self.errors(Self.sweep, settings: Self.settings(.mts))
        let worst = errors.map(abs).max()!
        print("MTS: worst error \(worst) cent over \(errors.count) pitches (half a step: \(100.0 / 16384 / 2))")
        #expect(worst <= 100.0 / 16384 / 2 + 1e-9)
    }

    /// An instrument tuned to A4 = 442 Hz still sounds exactly what Peach asks for.
    @Test(arguments: MidiOutSettings.Tuning.allCases)
    func theInstrumentsOwnTuningIsAllowedFor(tuning: MidiOutSettings.Tuning) {
        var settings = Self.settings(tuning)
        settings.instrumentA4 = 442
        let requests = [440.0, 261.6255653005986, 1000, 55.123]
        let errors = Self.errors(requests, settings: settings, instrumentA4: 442)
        #expect(errors.allSatisfy { abs($0) <= 0.013 }, "\(errors)")
    }

    // MARK: The edges of the bend range, and beyond

    /// Only pitches beyond the last keys need the ends of the bend range.
    @Test(arguments: [1, 2, 12])
    func theEndsOfTheBendRangeAreReachedExactly(range: Int) {
        let lowest = BentKey(frequency: Self.frequency(ofNote: -Double(range)), bendRange: range, a4: 440)
        #expect((lowest.key, lowest.bend, lowest.clamped) == (0, -8192, false))
        let highestNote = 127 + Double(range) * 8191 / 8192
        let highest = BentKey(frequency: Self.frequency(ofNote: highestNote), bendRange: range, a4: 440)
        #expect((highest.key, highest.bend, highest.clamped) == (127, 8191, false))
        let errors = Self.errors([Self.frequency(ofNote: -Double(range)), Self.frequency(ofNote: highestNote)],
                                 settings: Self.settings(.pitchBend, bendRange: range))
        #expect(errors.allSatisfy { abs($0) < 1e-9 }, "\(errors)")
    }

    /// +range itself is one step beyond the wire's 8191 (8192 would wrap to
    /// -8192): it is played one step low and reported.
    @Test func thePlusRangeEndIsOneStepShortAndReported() {
        let top = BentKey(frequency: Self.frequency(ofNote: 129), bendRange: 2, a4: 440)
        #expect((top.key, top.bend, top.clamped) == (127, 8191, true))
        #expect(abs((top.note(bendRange: 2) - 129) * 100 + 200.0 / 8192) < 1e-9)
    }

    /// Beyond what keys and bend reach: the nearest reachable pitch, reported
    /// as clamped; the note is still played, never wrapped to the other end.
    @Test func outOfRangeRequestsAreClampedAndReported() {
        let cases: [(note: Double, key: UInt8, bend: Int16)] = [(135, 127, 8191), (-10, 0, -8192), (-400, 0, -8192), (2000, 127, 8191)]
        for (note, key, bend) in cases {
            var translator = NoteTranslator(settings: Self.settings(.pitchBend))
            var messages: [MIDIMessage] = []
            let result = translator.noteOn(id: 1, frequency: Self.frequency(ofNote: note), velocity: 1) { messages.append($0) }
            #expect(result == .clamped, "note \(note)")
            #expect(messages == [.pitchBend(channel: 0, value: bend), .noteOn(channel: 0, key: key, velocity: 127)], "note \(note)")
        }
        var mts = NoteTranslator(settings: Self.settings(.mts))
        var messages: [MIDIMessage] = []
        #expect(mts.noteOn(id: 1, frequency: Self.frequency(ofNote: 130), velocity: 1) { messages.append($0) } == .clamped)
        // Tuned to 127 + 16382/16384, the highest the wire carries (all ones means "no change").
        #expect(messages.first?.bytes == [0xF0, 0x7F, 0x7F, 0x08, 0x02, 0, 1, 127, 127, 0x7F, 0x7E, 0xF7])
    }

    @Test(arguments: [0.0, -440, .nan, .infinity])
    func aFrequencyThatIsNotAPositiveNumberIsNotPlayed(frequency: Double) {
        var translator = NoteTranslator(settings: MidiOutSettings())
        var messages: [MIDIMessage] = []
        #expect(translator.noteOn(id: 1, frequency: frequency, velocity: 1) { messages.append($0) } == .ignored)
        #expect(messages.isEmpty && !translator.isHoldingNotes)
    }

    // MARK: Exact bytes

    /// A4 + 5 cents at ±2: 5 / (200/8192) = 204.8 → 205 steps; on the wire 8192 + 205 = 8397 = 65·128 + 77 → LSB 0x4D, MSB 0x41.
    @Test func bendBytesForAKnownPitch() {
        var translator = NoteTranslator(settings: MidiOutSettings())
        var messages: [MIDIMessage] = []
        _ = translator.noteOn(id: 7, frequency: peach_cents_to_hz(440, 5), velocity: 0.8) { messages.append($0) }
        #expect(messages.map(\.bytes) == [[0xE0, 0x4D, 0x41], [0x90, 69, 102]])
    }

    /// A4 + 5 cents by MTS: semitone 69, fraction 0.05 · 16384 = 819.2 → 819 = 0x06 0x33.
    @Test func mtsBytesForAKnownPitch() {
        var translator = NoteTranslator(settings: Self.settings(.mts))
        var messages: [MIDIMessage] = []
        _ = translator.noteOn(id: 7, frequency: peach_cents_to_hz(440, 5), velocity: 0.8) { messages.append($0) }
        #expect(messages.map(\.bytes) == [[0xF0, 0x7F, 0x7F, 0x08, 0x02, 0, 1, 69, 69, 0x06, 0x33, 0xF7], [0x90, 69, 102]])
    }
}
