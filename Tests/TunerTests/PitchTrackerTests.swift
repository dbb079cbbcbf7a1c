import Glibc
import PeachMusic
import PeachTestSupport
import PeachTraining
import PeachTuner
import Testing

/// The tracker on synthetic tones with known pitch: sines and bright tones
/// from 40 Hz to 2 kHz, detuned by odd cents, with white noise at 20 dB SNR.
/// The promise: within ±0.5 cent from 100 ms after a note's start.
@Suite struct PitchTrackerTests {
    static let frequencies = [40.0, 52.3, 97.1, 185.3, 440.0, 1033.0, 2000.0]
    static let timbres = [("sine", SyntheticTake.sine), ("sawtooth", SyntheticTake.sawtooth), ("weak fundamental", SyntheticTake.weakFundamental)]

    @Test(arguments: frequencies)
    func steadyTonesReadWithinHalfACentFrom100ms(frequency: Double) {
        for (index, (name, partials)) in Self.timbres.enumerated() {
            let truth = frequency * pow(2, [13.7, -27.3, 41.9][index] / 1200)
            let take = SyntheticTake(notes: [.init(start: 0.25, duration: 0.8, frequency: truth, partials: partials)], noiseSNR: 20,
                                     seed: UInt64(frequency * 10) + UInt64(index))
            // Up to the release: its last 5 ms fade is no steady tone.
            let found = errors(readings(of: take.render()), in: 0.35...1.045, truth: truth)
            #expect(found.count == 70)
            #expect(found.allSatisfy { $0.cents.map { abs($0) <= 0.5 } ?? false },
                    "\(name) at \(truth) Hz: \(outliers(found, limit: 0.5))")
        }
    }

    @Test(arguments: [("strong second harmonic", SyntheticTake.strongSecond), ("missing fundamental", SyntheticTake.missingFundamental)])
    func octaveTrapsReadTheFundamental(name: String, partials: [Double]) {
        for (index, frequency) in [55.0, 110.0, 233.1, 440.0, 880.0].enumerated() {
            let truth = frequency * pow(2, 7.3 / 1200)
            let take = SyntheticTake(notes: [.init(start: 0.2, duration: 0.6, frequency: truth, partials: partials)], noiseSNR: 20, seed: UInt64(index))
            let found = errors(readings(of: take.render()), in: 0.3...0.79, truth: truth)
            #expect(found.allSatisfy { $0.cents.map { abs($0) <= 0.5 } ?? false }, "\(name) at \(truth) Hz: \(outliers(found, limit: 0.5))")
        }
    }

    @Test func silenceAndNoiseHaveNoPitch() {
        let silence = [Float](repeating: 0, count: 48000)
        #expect(readings(of: silence).allSatisfy { $0.frequency == nil })
        var generator = SeededGenerator(seed: 7)
        for amplitude in [0.001, 0.1, 0.5] {
            let noise = (0..<96000).map { _ in Float(amplitude * SyntheticTake.gaussian(&generator)) }
            let found = readings(of: noise)
            #expect(found.count == 200)
            #expect(found.allSatisfy { $0.frequency == nil }, "noise at \(amplitude): \(found.filter { $0.frequency != nil }.prefix(3))")
        }
    }

    /// One note straight after another, with and without an attack between them:
    /// the second is read within 100 ms, and no reading mixes the two.
    @Test(arguments: [0.005, 0], [(220.0, 246.9), (246.9, 220.0), (110.0, 440.0), (440.0, 880.0), (880.0, 440.0), (65.4, 98.0)])
    func aNewNoteIsReadWithin100ms(ramp: Double, pair: (Double, Double)) {
        let (first, second) = (pair.0 * pow(2, 3.1 / 1200), pair.1 * pow(2, -8.9 / 1200))
        let take = SyntheticTake(notes: [.init(start: 0.2, duration: 0.6, frequency: first, partials: SyntheticTake.sawtooth),
                                         .init(start: 0.8, duration: 0.6, frequency: second, partials: SyntheticTake.sawtooth)],
                                 noiseSNR: 20, seed: 3, ramp: ramp)
        let all = readings(of: take.render())
        let settled = errors(all, in: 0.9...1.39, truth: second)
        #expect(settled.allSatisfy { $0.cents.map { abs($0) <= 0.5 } ?? false }, "ramp \(ramp), \(pair): \(outliers(settled, limit: 0.5))")
        // Between the notes a reading is the first note, the second, or none; a window that holds
        // both says so by a clarity below the steady notes' (which is 0.99 at this noise).
        let steady = all.filter { (0.4...0.7).contains($0.time) || (0.9...1.39).contains($0.time) }.map(\.clarity).min() ?? 0
        let blends = all.filter { (0.75...0.9).contains($0.time) }.filter { reading in
            reading.frequency.map { abs(cents($0, from: first)) > 0.5 && abs(cents($0, from: second)) > 0.5 } ?? false
        }
        #expect(blends.allSatisfy { $0.clarity < steady - 0.01 },
                "ramp \(ramp), \(pair): steady clarity \(steady), \(blends.map { (cents($0.frequency!, from: first), $0.clarity) })")
    }

    /// The octave guard's history does not lock in: a real leap of an octave up or down, legato, is followed.
    @Test(arguments: [(196.0, 392.0), (392.0, 196.0), (82.4, 164.8)])
    func aLegatoOctaveLeapIsFollowed(pair: (Double, Double)) {
        let take = SyntheticTake(notes: [.init(start: 0.1, duration: 0.6, frequency: pair.0, partials: SyntheticTake.sawtooth),
                                         .init(start: 0.7, duration: 0.6, frequency: pair.1, partials: SyntheticTake.sawtooth)],
                                 noiseSNR: 20, seed: 5, ramp: 0)
        let settled = errors(readings(of: take.render()), in: 0.8...1.29, truth: pair.1)
        #expect(settled.allSatisfy { $0.cents.map { abs($0) <= 0.5 } ?? false }, "\(pair): \(outliers(settled, limit: 0.5))")
    }

    /// Sampled instruments' octave traps (TimGM6mb, as figure 14 found them): the oboe's fundamental
    /// 13 dB under its second harmonic, an acoustic bass's pluck whose smear fills the octave below
    /// for its first 150 ms, and the church organ, whose 16-foot rank sounds the octave below the key
    /// about as loud as the 8-foot one, so its waveform repeats there (read after the attack).
    @Test(arguments: [(68, 77, 41.9, 1, 0.1), (32, 40, -27.3, 1, 0.1), (32, 45, 13.7, 1, 0.1), (19, 60, -6.1, 0.5, 0.4)])
    func sampledInstrumentsAreReadInTheirOctave(program: Int, key: Int, detune: Double, period: Double, from: Double) throws {
        let asked = 440 * pow(2, (Double(key - 69) + detune / 100) / 12)
        let samples = try FluidFixture.render([asked], options: ["program": String(program)])
        let truth = try #require(PitchMeter.measure(samples[19_200..<67_200], sampleRate: 48000, near: asked * period)).frequency
        let found = errors(readings(of: samples), in: from...1.48, truth: truth)
        #expect(found.allSatisfy { $0.cents.map { abs($0) < 50 } ?? true }, "program \(program), key \(key): \(outliers(found, limit: 50))")
        // Read for most of the note (the bass's pluck has no clear pitch for its first 250 ms).
        #expect(found.filter { $0.cents != nil }.count * 4 >= found.count * 3)
    }

    @Test func chunkSizesDoNotChangeTheReadings() {
        let samples = SyntheticTake(notes: [.init(start: 0.1, duration: 0.5, frequency: 311.1, partials: SyntheticTake.sawtooth)], noiseSNR: 20).render()
        let whole = PitchTracker(settings: TrackerSettings(sampleRate: 48000)).push(samples)
        #expect(readings(of: samples) == whole)
        let single = PitchTracker(settings: TrackerSettings(sampleRate: 48000))
        #expect(samples.flatMap { single.push(CollectionOfOne($0)) } == whole)
        #expect(whole.count == samples.count / 480)
        #expect(zip(whole, whole.indices).allSatisfy { abs($0.time - Double($1 + 1) * 0.01) < 1e-12 })
    }

    @Test func resetStartsTheStreamAgain() {
        let samples = SyntheticTake(notes: [.init(start: 0.05, duration: 0.3, frequency: 261.6, partials: SyntheticTake.sine)]).render()
        let tracker = PitchTracker(settings: TrackerSettings(sampleRate: 48000))
        let first = tracker.push(samples)
        tracker.reset()
        #expect(tracker.push(samples) == first)
    }

    /// The settings' range bounds what is read: a tone below it is not taken for its octave.
    @Test func aToneBelowTheRangeHasNoPitch() {
        let samples = SyntheticTake(notes: [.init(start: 0.1, duration: 0.5, frequency: 98, partials: SyntheticTake.sawtooth)]).render()
        let found = readings(of: samples, settings: TrackerSettings(sampleRate: 48000, lowest: 150, highest: 1000))
        #expect(found.allSatisfy { $0.frequency == nil }, "\(found.compactMap(\.frequency).prefix(3))")
    }

    /// A tone above the range is no reading either: its period twice over
    /// fits the range, but its odd harmonics are empty, so it is not read an
    /// octave low (A4 under a bass's G4 read as A3 with full clarity; an
    /// 8 kHz whistle under the default range as B7). Within the range the
    /// same tones read.
    @Test func aToneAboveTheRangeHasNoPitch() {
        for (frequency, partials, highest) in [(440.0, SyntheticTake.sine, 400.0), (440.0, SyntheticTake.sawtooth, 400.0), (8000.0, SyntheticTake.sine, 4200.0)] {
            let samples = SyntheticTake(notes: [.init(start: 0.1, duration: 0.5, frequency: frequency, partials: partials)]).render()
            let above = readings(of: samples, settings: TrackerSettings(sampleRate: 48000, lowest: 30, highest: highest))
            #expect(above.allSatisfy { $0.frequency == nil }, "\(frequency) Hz: \(above.compactMap(\.frequency).prefix(3))")
            let within = readings(of: samples, settings: TrackerSettings(sampleRate: 48000, lowest: 30, highest: frequency * 1.1))
            #expect(errors(within, in: 0.3...0.55, truth: frequency).allSatisfy { $0.cents.map { abs($0) <= 0.5 } ?? false })
        }
    }

    /// A damaged float file's NaN and infinite samples are silence to the
    /// tracker: the tone around them still reads, and no level is NaN.
    @Test func samplesThatAreNoNumbersDoNotPoisonTheReadings() {
        var samples = SyntheticTake(notes: [.init(start: 0.1, duration: 0.8, frequency: 440, partials: SyntheticTake.sawtooth)]).render()
        samples[24_000] = .nan
        samples[36_000] = .infinity
        let found = readings(of: samples)
        #expect(found.allSatisfy { $0.level.isFinite && $0.clarity.isFinite })
        #expect(errors(found, in: 0.2...0.45, truth: 440).allSatisfy { $0.cents.map { abs($0) <= 0.5 } ?? false })
        #expect(errors(found, in: 0.8...0.85, truth: 440).allSatisfy { $0.cents.map { abs($0) <= 0.5 } ?? false })
    }
}
