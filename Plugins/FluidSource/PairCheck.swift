import Glibc
import PeachFluidCore

/// How exactly a preset plays the interval a listener judges: a pair's
/// second note is the first note's key and sample moved by an exact ratio
/// (`FluidPlayer`), but what FluidSynth adds in real time (its interpolation,
/// modulators, the fraction of a cent read through `SincKernel`) could still
/// move the second note off the ratio. Pairs are rendered at a few keys and
/// intervals and the interval is measured by how much faster the second note
/// runs through the first's waveform (`IntervalByTimeScale`), from the first
/// frame: over the first 0.4 s, where onsets slide, and over the whole 1.2 s.
/// Training is offered only for presets whose worst error is within
/// `limitCents`. Measured once per font and preset, with its calibration.
struct PairCheck: Equatable {
    /// The accuracy training promises.
    static let limitCents = 0.1
    /// C3, A4, C6 (or the measured key nearest each): low, middle and high samples.
    static let keys = [48, 69, 84]
    /// Asked intervals, all played from the first note's key (within `FluidPlayer.pairCents`).
    static let intervals = [0.3, -12.7, 150.3, -250.7]
    /// The onset and the whole of the second note.
    private static let onsetSeconds = 0.4
    private static let secondFrames = 57_600
    /// The second note's 1.2 s of the first at the widest interval up (150.3 cents: 1.31 s), and the lags followed past it.
    private static let firstFrames = 64_000

    /// The largest error, in cents, of a heard interval against the asked
    /// one; infinity where a pair could not be measured (silence, or no
    /// window where the second note resembles the first).
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
        var renderer = try KeyRenderer(preset, of: font, maxFrames: firstFrames)
        let first = UnsafeMutablePointer<Float>.allocate(capacity: firstFrames)
        let second = UnsafeMutablePointer<Float>.allocate(capacity: secondFrames)
        defer {
            renderer.destroy(font: font)
            first.deallocate()
            second.deallocate()
        }
        for key in keys {
            renderer.render(key, shift: -keyOffsets[key], frames: firstFrames, into: first)
            for asked in intervals {
                renderer.render(key, shift: asked - keyOffsets[key], frames: secondFrames, into: second)
                let interval = IntervalByTimeScale(first: first, frames: firstFrames, second: second, frames: secondFrames,
                                                   ratio: pow(2, asked / 1200), sampleRate: KeyRenderer.sampleRate, onsetSeconds: onsetSeconds)
                let size = interval.map { max(abs($0.cents), abs($0.onsetCents)) } ?? .infinity
                if size > worst.worstCents || worst.worstCents == 0 { worst = PairCheck(worstCents: size, key: key, askedCents: asked) }
            }
        }
        return worst
    }
}
