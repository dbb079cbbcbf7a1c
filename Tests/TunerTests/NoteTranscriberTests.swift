import Glibc
import PeachMusic
import PeachTestSupport
import PeachTuner
import Testing

/// The transcriber on melodies of known notes: every note found once, its
/// onset within 30 ms and its pitch within a few tenths of a cent.
@Suite struct NoteTranscriberTests {
    /// Pairs each rendered note with the found note whose onset is nearest (within 50 ms).
    static func matched(_ rendered: [TestMelody.Note], _ found: [PlayedNote]) -> [(TestMelody.Note, PlayedNote?)] {
        rendered.map { note in (note, found.filter { abs($0.onset - note.start) < 0.05 }.min { abs($0.onset - note.start) < abs($1.onset - note.start) }) }
    }

    @Test func aSyntheticMelodyIsTranscribed() {
        let melody = TestMelody.make(seconds: 20, lowest: 45, highest: 84, seed: 11)
        let take = SyntheticTake(notes: melody.map { .init(start: $0.start, duration: $0.duration, frequency: $0.frequency, partials: SyntheticTake.sawtooth) },
                                 noiseSNR: 20, seed: 4)
        let found = NoteTranscriber().notes(in: readings(of: take.render()))
        let pairs = Self.matched(melody, found)
        #expect(found.count <= melody.count)
        #expect(pairs.filter { $0.1 != nil }.count * 20 >= melody.count * 19, "\(found.count) notes found for \(melody.count)")
        for case let (note, played?) in pairs {
            #expect(played.onset >= note.start - 0.01 && played.onset <= note.start + 0.1, "onset \(played.onset) for \(note.start)")
            #expect(abs(cents(played.frequency, from: note.frequency)) <= 0.3, "at \(note.start) s: \(cents(played.frequency, from: note.frequency)) c")
            #expect(abs(played.duration - note.duration) <= 0.05, "at \(note.start) s: \(played.duration) s for \(note.duration)")
        }
    }

    /// A vibrato of ±25 cents is one note at its centre; an octave blip in it is no note of its own.
    @Test func vibratoIsOneNote() {
        let take = SyntheticTake(notes: [.init(start: 0.2, duration: 1.8, frequency: 392, partials: SyntheticTake.sawtooth, vibrato: 25)], noiseSNR: 20)
        let found = NoteTranscriber().notes(in: readings(of: take.render()))
        #expect(found.count == 1)
        #expect(found.allSatisfy { abs(cents($0.frequency, from: 392)) < 5 }, "\(found)")
    }

    /// Notes that swell in slowly (0.2 s, no attack sharp enough to see) out of noise after a rest: each
    /// starts where its sound rose (within the swell's first half), and a repeat of the same pitch is a note of its own.
    @Test func slowSwellsAfterRestsStartWhereTheSoundRose() {
        let notes = [(0.1, 329.6), (0.75, 329.6), (1.4, 246.9)].map { SyntheticTake.Note(start: $0.0, duration: 0.5, frequency: $0.1, partials: SyntheticTake.sawtooth) }
        let found = NoteTranscriber().notes(in: readings(of: SyntheticTake(notes: notes, noiseSNR: 20, ramp: 0.2).render()))
        #expect(found.count == 3)
        for (note, played) in zip(notes, found) {
            #expect(played.onset >= note.start - 0.01 && played.onset <= note.start + 0.1, "onset \(played.onset) for \(note.start)")
            #expect(abs(cents(played.frequency, from: note.frequency)) <= 0.3, "at \(note.start): \(cents(played.frequency, from: note.frequency)) c")
        }
    }

    @Test func shortGapsAndBlipsAreBridged() {
        let reading = { (time: Double, hz: Double?) in PitchReading(time: time, frequency: hz, clarity: 0.99, level: -20, noteStart: hz == nil ? nil : 0.1) }
        // 100 ms at 220 Hz, three steps without pitch, 100 ms more, then a 30 ms stray run of its own.
        var readings = (0..<10).map { reading(0.2 + Double($0) * 0.01, 220) }
        readings += (10..<13).map { reading(0.2 + Double($0) * 0.01, nil) }
        readings += (13..<23).map { reading(0.2 + Double($0) * 0.01, 220) }
        readings += (23..<26).map { PitchReading(time: 0.2 + Double($0) * 0.01, frequency: 330, clarity: 0.9, level: -20, noteStart: 0.42) }
        let found = NoteTranscriber().notes(in: readings)
        #expect(found.count == 1)
        #expect(found.allSatisfy { $0.onset == 0.1 && abs($0.duration - 0.32) < 1e-9 && abs($0.frequency - 220) < 1e-9 }, "\(found)")
    }

    /// FluidSynth's clarinet and trumpet: real attacks, breath and
    /// release, and harmonic partials (a piano's stretched ones make its
    /// "pitch" depend on the partial read, and an organ's 16-foot rank puts
    /// its period an octave down: see docs/TUNER.md).
    @Test(arguments: [(71, "Clarinet"), (56, "Trumpet")])
    func aRenderedMelodyIsTranscribed(program: Int, name: String) throws {
        let melody = TestMelody.make(seconds: 10, lowest: 60, highest: 81, seed: UInt64(program))
        let samples = try FluidFixture.render(melody: melody.map { ($0.frequency, $0.start, $0.duration) }, program: program)
        let found = NoteTranscriber().notes(in: readings(of: samples))
        let pairs = Self.matched(melody, found)
        // A sampled instrument's attack can hide a note's start (a legato repeat, a slow swell): nine in ten are found.
        #expect(pairs.filter { $0.1 != nil }.count * 10 >= melody.count * 9, "\(name): \(found.count) notes found for \(melody.count)")
        #expect(found.count * 10 <= melody.count * 11, "\(name): \(found.count) notes found for \(melody.count)")
        var pitched = 0
        for case let (note, played?) in pairs {
            // The truth: what the part of the note the median covers measures, not what was asked.
            let steady = samples[Int((note.start + note.duration / 4) * 48000)..<Int((note.start + note.duration) * 48000)]
            let truth = try #require(PitchMeter.measure(steady, sampleRate: 48000, near: note.frequency)).frequency
            #expect(abs(played.onset - note.start) <= 0.05, "\(name): onset \(played.onset) for \(note.start)")
            // The samples' own pitch moves by several cents within a note (a trumpet's lip, a flute's
            // vibrato): the median of the readings and the meter's mean differ by up to that much.
            if abs(cents(played.frequency, from: truth)) <= 8 { pitched += 1 }
        }
        #expect(pitched * 10 >= melody.count * 9, "\(name): \(pitched) of \(melody.count) notes within 8 cents")
    }
}
