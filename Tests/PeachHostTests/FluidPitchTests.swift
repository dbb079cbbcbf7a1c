import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachTestSupport
import Testing

/// The FluidSynth source's pitch, measured in the rendered sound: every note
/// within 0.1 cent of what was asked relative to the pair's other note, at
/// fractional requests FluidSynth alone cannot play, from C2 to C7, and for
/// pairs whose notes lie on different keys.
///
/// Each interval is measured two ways: by how far the whole spectrum moved
/// (`SpectralShift`, which works for an ensemble, whose spectrum is a
/// forty-cent cluster with no single pitch, and for layers detuned against
/// each other) and, for the programs with one steady pitch, by the pitch meter.
@Suite struct FluidPitchTests {
    /// Sustained programs, and whether they have one steady pitch to follow.
    static let programs = FluidFixture.sustainedPrograms.map { ($0.0, $0.1, $0.0 == 19 || $0.0 == 73) }

    /// The second note over the same stretch of its sample as the first: a
    /// sampler moved by a ratio runs its sample that much faster, so the span
    /// is scaled by the ratio (start and length), or a sample's own vibrato
    /// would be compared at another point.
    static func spans(_ samples: [Float], first: Int, second: Int, cents: Double) -> (ArraySlice<Float>, ArraySlice<Float>) {
        let span = 19_200.0..<57_600.0  // 0.4 s to 1.2 s: scaled by ±300 cents it still ends before the note does
        let scale = pow(2, -cents / 1200)
        return (samples[(first + Int(span.lowerBound))..<(first + Int(span.upperBound))],
                samples[(second + Int(span.lowerBound * scale))..<(second + Int(span.upperBound * scale))])
    }

    /// Checks the interval between notes `first` and `second` of `samples` both ways; returns the errors.
    static func intervalErrors(_ samples: [Float], first: Int, second: Int, cents: Double, fundamental: Double,
                               onePitch: Bool, label: String) throws -> (spectrum: Double, pitch: Double?) {
        let (a, b) = spans(samples, first: first * FluidFixture.spacing, second: second * FluidFixture.spacing, cents: cents)
        let moved = SpectralShift.cents(from: SpectralShift.Spectrum(a, sampleRate: 48000), to: SpectralShift.Spectrum(b, sampleRate: 48000),
                                        fundamental: fundamental, guess: cents)
        let spectrumError = try #require(moved, "\(label): moved more than 5 cents from \(cents)") - cents
        #expect(abs(spectrumError) < 0.1, "\(label): asked \(cents) cents, the spectrum moved \(spectrumError + cents)")
        guard onePitch else { return (spectrumError, nil) }
        let lower = try #require(PitchMeter.measure(a, sampleRate: 48000, near: fundamental))
        let upper = try #require(PitchMeter.measure(b, sampleRate: 48000, near: fundamental * pow(2, cents / 1200)))
        let pitchError = Pitch.cents(from: lower.frequency, to: upper.frequency) - cents
        #expect(abs(pitchError) < 0.1, "\(label): asked \(cents) cents, the pitch moved \(pitchError + cents)")
        return (spectrumError, pitchError)
    }

    @Test(arguments: programs)
    func fractionalRequestsLandWithinATenthOfACent(program: Int, name: String, onePitch: Bool) throws {
        let keys = [36, 48, 60, 72, 84, 96]  // C2...C7
        let requests: [Double] = [0.3, 5.25, -12.7]
        let frequencies = keys.flatMap { key in ([0] + requests).map { Pitch.frequency(of: MIDINote(number: key)!, cents: $0) } }
        let samples = try FluidFixture.render(frequencies, options: ["program": String(program)])
        var worst = (spectrum: 0.0, pitch: 0.0)
        for (keyIndex, key) in keys.enumerated() {
            let plain = keyIndex * (requests.count + 1)
            for (index, request) in requests.enumerated() {
                let errors = try Self.intervalErrors(samples, first: plain, second: plain + 1 + index, cents: request,
                                                     fundamental: frequencies[plain], onePitch: onePitch, label: "\(name) at key \(key)")
                worst = (max(worst.spectrum, abs(errors.spectrum)), max(worst.pitch, abs(errors.pitch ?? 0)))
            }
        }
        print("\(name), C2-C7 at \(requests) cents: worst error \(worst.spectrum) (spectrum)" + (onePitch ? ", \(worst.pitch) (pitch)" : ""))
    }

    /// Pairs whose second note lies on another key, often on another sample
    /// with its own tuning error: the source plays both from the first note's
    /// key, so the interval is the exact ratio whatever the samples' tuning.
    @Test(arguments: programs)
    func pairsAcrossKeysKeepTheirInterval(program: Int, name: String, onePitch: Bool) throws {
        let pairs: [(key: Int, cents: Double)] = [(69, 100), (69, 150.3), (69, 300), (60, -250.7), (66, 270), (48, 110.5), (84, -130), (72, -299.9)]
        let frequencies = pairs.flatMap { [Pitch.frequency(of: MIDINote(number: $0.key)!), Pitch.frequency(of: MIDINote(number: $0.key)!, cents: $0.cents)] }
        let samples = try FluidFixture.render(frequencies, options: ["program": String(program)])
        var worst = (spectrum: 0.0, pitch: 0.0)
        for (index, pair) in pairs.enumerated() {
            let errors = try Self.intervalErrors(samples, first: 2 * index, second: 2 * index + 1, cents: pair.cents,
                                                 fundamental: frequencies[2 * index], onePitch: onePitch, label: "\(name) at key \(pair.key)")
            worst = (max(worst.spectrum, abs(errors.spectrum)), max(worst.pitch, abs(errors.pitch ?? 0)))
        }
        print("\(name), pairs across keys: worst error \(worst.spectrum) (spectrum)" + (onePitch ? ", \(worst.pitch) (pitch)" : ""))
    }

    /// TimGM6mb's flute starts each note about 17 cents flat and rises over
    /// 0.4 s: its sample was recorded so, and the calibration corrects its
    /// steady pitch only (see `Calibration`). A pair's second note plays the
    /// same sample moved by the exact ratio, so the interval the listener
    /// judges holds from the notes' first frame: over their first 0.4 s, where
    /// the flute slides, and over the whole 1.2 s, not only once they settle.
    @Test(arguments: [(73, "Flute"), (0, "Acoustic Grand Piano"), (19, "Church Organ")])
    func aPairsIntervalHoldsFromItsFirstFrame(program: Int, name: String) throws {
        let pairs: [(key: Int, cents: Double)] = [(69, 0.3), (69, -12.7), (69, 150.3), (60, -250.7)]
        let frequencies = pairs.flatMap { [Pitch.frequency(of: MIDINote(number: $0.key)!), Pitch.frequency(of: MIDINote(number: $0.key)!, cents: $0.cents)] }
        let samples = try FluidFixture.render(frequencies, options: ["program": String(program)])
        var worst = 0.0
        for (index, pair) in pairs.enumerated() {
            let first = 2 * index * FluidFixture.spacing, second = (2 * index + 1) * FluidFixture.spacing
            let scale = pow(2, -pair.cents / 1200)  // the second note runs through its sample this much faster
            for length in [19_200, 57_600] {
                let a = samples[first..<(first + length)]
                let b = samples[second..<(second + Int((Double(length) * scale).rounded()))]
                let lower = try #require(PitchMeter.measure(a, sampleRate: 48000, near: frequencies[2 * index]), "\(name) at key \(pair.key)")
                var expected = lower
                expected.frequency /= scale
                let upper = try #require(PitchMeter.follow(b, sampleRate: 48000, from: expected), "\(name) at key \(pair.key)")
                let error = Pitch.cents(from: lower.frequency, to: upper.frequency) - pair.cents
                worst = max(worst, abs(error))
                #expect(abs(error) < 0.1, "\(name) at key \(pair.key): asked \(pair.cents) cents, the first \(length) frames sound \(error + pair.cents) apart")
            }
        }
        print("\(name), pairs from their first frame: worst interval error \(worst) cents")
    }

    /// TimGM6mb's violin (program 40) has a pitch LFO: a 10-cent vibrato from
    /// about 350 ms on. The source sets the font's pitch envelope and pitch
    /// LFOs to nothing, so every 50 ms of the note, from the end of the
    /// sample's bowed attack to the release, sounds the pitch asked.
    @Test func theFontsPitchLFOsAndEnvelopeAreHeldSteady() throws {
        let samples = try FluidFixture.render([440], options: ["program": "40"])
        let windows = stride(from: 4800, to: FluidFixture.noteFrames - 2400, by: 1200).map { start in
            PitchMeter.measure(samples[start..<(start + 2400)], sampleRate: 48000, near: 440).map { Pitch.cents(from: 440, to: $0.frequency) }
        }
        let worst = windows.map { abs($0 ?? .infinity) }.max()!
        #expect(worst < 0.1, "the violin's pitch strays \(worst) cents from A4 in a 50 ms window")
    }
}
