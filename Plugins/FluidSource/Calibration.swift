import Glibc
import PeachPitchMeter

/// Measures how many cents above equal temperament each key of a preset
/// sounds when FluidSynth plays it untuned: SoundFont samples are often
/// several cents off (TimGM6mb's flute A4: +13), and differently for each
/// sample. Done once per font and preset (`FontLibrary` keeps the result).
///
/// Keys that play the same sample the same way sound exactly a semitone
/// apart; measuring each key on its own would add the measurement's scatter
/// between them (large for ensemble and vibrato samples). So the keys are
/// first sorted into such runs, by comparing each key with its lower
/// neighbour tuned up a semitone (identical renders: the same sample, the same
/// tuning), and each run is measured once, at its key nearest A4: that plays
/// the sample nearest the middle of the keyboard, where the measurement is
/// surest (a sample played octaves down stretches its own vibrato past the
/// measured second).
enum Calibration {
    /// Bump when the measurement changes: cached calibrations are keyed on it.
    static let method = 10  // 10: the pair check measures the interval by time scale
    static let sampleRate = KeyRenderer.sampleRate
    /// The piano's keys, A0 to C8; keys beyond take the nearest one's offset.
    static let measuredKeys = 21...108

    // Lengths are whole 64-frame FluidSynth blocks, so every note starts on a block.
    private static let comparedFrames = 4800  // 0.1 s: two samples differ from their first frames
    private static let measuredFrames = 72_000  // 1.5 s, of which the last second is measured
    private static let skippedFrames = 24_000
    /// How far from its key a sample may sound and still be found (TimGM6mb's Synth Brass 2 at C7: 146 cents flat).
    private static let searchCents = 300.0

    /// [main-thread] The offsets of keys 0...127 in cents; NaN for a key with
    /// no pitch to correct (silent, outside the preset's range; a drum or a
    /// sound effect; one that has died away a second in): the source refuses
    /// to play those rather than play them out of tune. Keys below A0 and
    /// above C8 take the offset of the nearest key measured.
    static func measure(_ preset: PresetNumber, of font: LoadedFont) throws(FluidError) -> [Double] {
        var meter = try KeyMeter(preset, of: font)
        defer { meter.destroy(font: font) }
        var runs: [ClosedRange<Int>] = []
        for key in measuredKeys {
            if let run = runs.last, meter.playsAlike(key - 1, key) {
                runs[runs.count - 1] = run.lowerBound...key
            } else {
                runs.append(key...key)
            }
        }
        var offsets = [Double](repeating: .nan, count: 128)
        for run in runs {
            let offset = meter.offset(of: min(max(69, run.lowerBound), run.upperBound)) ?? .nan
            for key in run { offsets[key] = offset }
        }
        return offsets.indices.map { offsets[min(max($0, measuredKeys.lowerBound), measuredKeys.upperBound)] }
    }

    /// A `KeyRenderer` and the buffers the calibration reads it into.
    private struct KeyMeter {
        var renderer: KeyRenderer
        let measured = UnsafeMutablePointer<Float>.allocate(capacity: measuredFrames)
        let lower = UnsafeMutablePointer<Float>.allocate(capacity: comparedFrames)
        let upper = UnsafeMutablePointer<Float>.allocate(capacity: comparedFrames)

        init(_ preset: PresetNumber, of font: LoadedFont) throws(FluidError) {
            renderer = try KeyRenderer(preset, of: font, maxFrames: measuredFrames)
        }

        func destroy(font: LoadedFont) {
            renderer.destroy(font: font)
            for buffer in [measured, lower, upper] { buffer.deallocate() }
        }

        /// Whether `key` sounds exactly like `lowerKey` played a semitone higher: the same sample, tuned the same way.
        mutating func playsAlike(_ lowerKey: Int, _ key: Int) -> Bool {
            renderer.render(lowerKey, shift: 100, frames: comparedFrames, into: lower)
            renderer.render(key, shift: 0, frames: comparedFrames, into: upper)
            var difference = 0.0, energy = 0.0
            for frame in 0..<comparedFrames {
                let a = Double(lower[frame]), b = Double(upper[frame])
                difference += (a - b) * (a - b)
                energy += a * a
            }
            return difference <= 1e-10 * energy || energy == 0 && difference == 0
        }

        /// Cents above equal temperament (A4 = 440 Hz), or nil if the key makes
        /// no tone: silence, or a sound whose harmonics hold under 2% of it at
        /// any pitch (noise).
        mutating func offset(of key: Int) -> Double? {
            renderer.render(key, shift: 0, frames: measuredFrames, into: measured)
            let expected = 440 * pow(2, Double(key - 69) / 12)
            var reading = peach_pitch_reading()
            var share = 0.0
            guard peach_pitch_find(measured + skippedFrames, measuredFrames - skippedFrames, sampleRate, expected, searchCents, &reading, &share) == 0,
                  share >= 0.02 else {
                return nil
            }
            return 1200 * log2(reading.frequency_hz / expected)
        }
    }
}
