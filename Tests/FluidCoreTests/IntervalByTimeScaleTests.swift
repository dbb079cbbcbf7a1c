import Foundation
import PeachFluidCore
import Testing

/// The pair check's estimator on a synthetic recording whose pitch glides up
/// 30 cents at the onset and then wavers (a 5.5 Hz vibrato of some 5 cents),
/// with breath noise at the start: what fools two pitch readings. Played at
/// two speeds, with the volume envelope in real time as FluidSynth applies it.
@Suite struct IntervalByTimeScaleTests {
    static let sampleRate = 48000.0
    static let firstFrames = 64_000
    static let secondFrames = 57_600

    /// The recording at `seconds` into it.
    static func recording(_ seconds: Double) -> Double {
        let f0 = 523.25
        let phase = 2 * Double.pi * f0 * (seconds - 0.0175 * 0.08 * (1 - exp(-seconds / 0.08))
            + 0.003 * (1 - cos(2 * Double.pi * 5.5 * seconds)) / (2 * Double.pi * 5.5))
        var tone = 0.0
        for harmonic in 1...8 { tone += sin(Double(harmonic) * phase + Double(harmonic)) / Double(harmonic) }
        var breath = 0.0
        for (frequency, offset) in noise { breath += sin(2 * Double.pi * frequency * seconds + offset) }
        return tone + 0.3 * breath * exp(-seconds / 0.1)
    }

    /// Forty partials between 2 and 8 kHz at fixed pseudo-random frequencies and phases: noise, the same at every speed.
    static let noise: [(Double, Double)] = {
        var state: UInt64 = 12345
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        return (0..<40).map { _ in (2000 + 6000 * next(), 2 * Double.pi * next()) }
    }()

    /// Attack in 10 ms, then a slow decay: in real time, not scaled with the waveform.
    static func envelope(_ seconds: Double) -> Double { min(1, seconds / 0.01) * exp(-seconds / 1.5) }

    static func note(frames: Int, speed: Double) -> [Float] {
        (0..<frames).map { frame in
            let seconds = Double(frame) / sampleRate
            return Float(envelope(seconds) * recording(speed * seconds))
        }
    }

    @Test(arguments: [(0.3, 0.0), (150.3, 0.0), (-250.7, 0.0), (0.3, 0.15), (150.3, -0.15), (-12.7, 2.0)])
    func findsTheIntervalsErrorThroughGlideAndVibrato(askedCents: Double, offCents: Double) throws {
        let first = Self.note(frames: Self.firstFrames, speed: 1)
        let second = Self.note(frames: Self.secondFrames, speed: pow(2, (askedCents + offCents) / 1200))
        let interval = try #require(first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                IntervalByTimeScale(first: first.baseAddress!, frames: Self.firstFrames, second: second.baseAddress!, frames: Self.secondFrames,
                                    ratio: pow(2, askedCents / 1200), sampleRate: Self.sampleRate, onsetSeconds: 0.4)
            }
        })
        #expect(abs(interval.cents - offCents) < 0.01, "\(interval)")
        #expect(abs(interval.onsetCents - offCents) < 0.02, "\(interval)")
    }

    @Test func silenceIsNotMeasured() {
        let silence = [Float](repeating: 0, count: Self.firstFrames)
        #expect(silence.withUnsafeBufferPointer {
            IntervalByTimeScale(first: $0.baseAddress!, frames: Self.firstFrames, second: $0.baseAddress!, frames: Self.secondFrames,
                                ratio: 1, sampleRate: Self.sampleRate, onsetSeconds: 0.4)
        } == nil)
    }
}
