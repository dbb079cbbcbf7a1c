import Glibc
import PeachPitchMeter

/// How exactly a preset plays the interval a listener judges: a pair's
/// second note is the first note's key and sample moved by an exact ratio
/// (`FluidPlayer`), but a sample whose recorded pitch moves (an onset slide,
/// a vibrato) heard at two speeds can still stray from the ratio. Pairs are
/// rendered at a few keys and intervals and the interval between the notes is
/// measured from their first frame: over the first 0.4 s, where onsets slide,
/// and over the whole 1.2 s. Training is offered only for presets whose worst
/// error is within `limitCents` (samples themselves move by more than that,
/// so an absolute limit from the first frame would refuse every preset).
/// Measured once per font and preset, with its calibration.
struct PairCheck: Equatable {
    /// The accuracy training promises.
    static let limitCents = 0.1
    /// C3, A4, C6 (or the measured key nearest each): low, middle and high samples.
    static let keys = [48, 69, 84]
    /// Asked intervals, all played from the first note's key (within `FluidPlayer.pairCents`).
    static let intervals = [0.3, -12.7, 150.3, -250.7]
    /// The first 0.4 s and the whole 1.2 s of the first note; the second's run that much faster or slower through its sample.
    private static let windowFrames = [19_200, 57_600]
    /// 1.5 s: the longest window scaled by the widest interval down still ends inside it.
    private static let renderedFrames = 72_000

    /// The largest error, in cents, of a heard interval against the asked
    /// one; infinity where a pair could not be measured (no tone to follow).
    var worstCents: Double
    /// The first note's key and the asked interval where the error was largest.
    var key: Int
    var askedCents: Double

    var holds: Bool { worstCents <= Self.limitCents }

    /// [main-thread] Plays pairs of `preset` as `FluidPlayer` would with `keyOffsets` (its calibration) and measures them.
    static func measure(_ preset: PresetNumber, of font: LoadedFont, keyOffsets: [Double]) throws(FluidError) -> PairCheck {
        let measurable = keyOffsets.indices.filter { keyOffsets[$0].isFinite }
        var keys: [Int] = []
        for wanted in Self.keys {
            if let nearest = measurable.min(by: { abs($0 - wanted) < abs($1 - wanted) }), !keys.contains(nearest) { keys.append(nearest) }
        }
        var worst = PairCheck(worstCents: keys.isEmpty ? .infinity : 0, key: Self.keys[1], askedCents: 0)
        guard !keys.isEmpty else { return worst }
        var renderer = try KeyRenderer(preset, of: font, maxFrames: renderedFrames)
        let first = UnsafeMutablePointer<Float>.allocate(capacity: renderedFrames)
        let second = UnsafeMutablePointer<Float>.allocate(capacity: renderedFrames)
        defer {
            renderer.destroy(font: font)
            first.deallocate()
            second.deallocate()
        }
        for key in keys {
            renderer.render(key, shift: -keyOffsets[key], frames: renderedFrames, into: first)
            let expected = 440 * pow(2, Double(key - 69) / 12)
            for asked in intervals {
                renderer.render(key, shift: asked - keyOffsets[key], frames: renderedFrames, into: second)
                let error = intervalError(first, second, asked: asked, expected: expected)
                let size = error.isNaN ? .infinity : abs(error)
                if size > worst.worstCents || worst.worstCents == 0 { worst = PairCheck(worstCents: size, key: key, askedCents: asked) }
            }
        }
        return worst
    }

    /// The worst of the windows' heard interval minus the asked one; NaN when
    /// a window holds no tone the meter can follow. The first note is measured
    /// near its key's pitch, the second followed on the same harmonic.
    private static func intervalError(_ first: UnsafePointer<Float>, _ second: UnsafePointer<Float>, asked: Double, expected: Double) -> Double {
        let scale = pow(2, -asked / 1200)  // the second note runs through its sample this much faster
        var worst = 0.0
        for frames in windowFrames {
            var lower = peach_pitch_reading(), upper = peach_pitch_reading()
            guard peach_pitch_measure(first, frames, KeyRenderer.sampleRate, expected, &lower) == 0 else { return .nan }
            var near = lower
            near.frequency_hz /= scale
            guard peach_pitch_follow(second, Int((Double(frames) * scale).rounded()), KeyRenderer.sampleRate, &near, &upper) == 0 else { return .nan }
            let error = 1200 * log2(upper.frequency_hz / lower.frequency_hz) - asked
            if abs(error) > abs(worst) { worst = error }
        }
        return worst
    }
}
