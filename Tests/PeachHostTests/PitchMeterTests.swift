import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachTraining
import Testing

/// The pitch meter shared by host and plugins, on tones whose frequency is known exactly.
@Suite struct PitchMeterTests {
    /// A harmonic tone: `partials` amplitudes from the fundamental up, plus a little noise (60 dB down, always the same).
    static func tone(_ frequency: Double, partials: [Double], seconds: Double = 1, noise: Double = 1e-3) -> [Float] {
        var generator = SeededGenerator(seed: 7)
        return (0..<Int(seconds * 48000)).map { n in
            let t = Double(n) / 48000
            let sound = partials.enumerated().reduce(0.0) { $0 + $1.element * sin(2 * .pi * frequency * Double($1.offset + 1) * t + Double($1.offset)) }
            return Float(0.1 * sound + noise * Double.random(in: -0.5...0.5, using: &generator))
        }
    }

    @Test(arguments: [32.7, 65.4, 261.6, 443.3, 1046.5, 4186.0])
    func measuresHarmonicTonesToAFewThousandthsOfACent(frequency: Double) throws {
        // The second harmonic strongest, as in a low flute; the meter is told a frequency 40 cents off.
        let samples = Self.tone(frequency, partials: [0.4, 1, 0.2, 0.1, 0.05])
        let reading = try #require(PitchMeter.measure(samples[...], sampleRate: 48000, near: frequency * pow(2, -40.0 / 1200)))
        #expect(abs(Pitch.cents(from: frequency, to: reading.frequency)) < 0.003, "\(frequency) Hz measured \(reading.frequency)")
        #expect(abs(reading.driftCents) < 0.01)
        if frequency < 4000 { #expect(reading.harmonic == 2) }
    }

    @Test func reportsNothingForSilenceOrTooShortASpan() {
        #expect(PitchMeter.measure([Float](repeating: 0, count: 48000)[...], sampleRate: 48000, near: 440) == nil)
        #expect(PitchMeter.measure(Self.tone(440, partials: [1], seconds: 0.02)[...], sampleRate: 48000, near: 440) == nil)
        #expect(PitchMeter.measure([Float]()[...], sampleRate: 48000, near: 440) == nil)
    }

    /// A tone that glides shows as drift: the second half against the first.
    @Test func aGlidingToneShowsItsDrift() throws {
        let samples = (0..<48000).map { n -> Float in
            let t = Double(n) / 48000
            return Float(sin(2 * .pi * 440 * (t + 0.5 * 0.01 * t * t)))  // 1% a second higher
        }
        let reading = try #require(PitchMeter.measure(samples[...], sampleRate: 48000, near: 440))
        #expect(reading.driftCents > 5 && reading.driftCents < 12, "\(reading.driftCents)")
    }
}
