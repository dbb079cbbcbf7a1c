import Glibc
import PeachTraining

/// Monophonic takes made of known notes, for the tuner's tests and benchmark:
/// harmonic tones with chosen partials, one after another, with seeded white
/// noise at a chosen signal-to-noise ratio.
public struct SyntheticTake: Sendable {
    public struct Note: Sendable {
        public var start: Double  // seconds
        public var duration: Double
        public var frequency: Double
        /// Amplitudes of harmonics 1, 2, 3…: [1] is a sine, a 0 first entry a missing fundamental.
        public var partials: [Double]
        /// Depth of a 5.5 Hz vibrato, cents either way (0: none).
        public var vibrato: Double

        public init(start: Double, duration: Double, frequency: Double, partials: [Double], vibrato: Double = 0) {
            (self.start, self.duration, self.frequency, self.partials, self.vibrato) = (start, duration, frequency, partials, vibrato)
        }
    }

    /// A sine.
    public static let sine = [1.0]
    /// Sawtooth-like: partial k at 1/k, up to 12 (those above 0.45·rate are left out when rendered).
    public static let sawtooth = (1...12).map { 1 / Double($0) }
    /// A weak fundamental (−20 dB) under a full second and third partial.
    public static let weakFundamental = [0.1, 1, 0.6, 0.4, 0.3, 0.2]
    /// The octave trap: the second harmonic three times the fundamental.
    public static let strongSecond = [0.33, 1, 0.2, 0.3, 0.1]
    /// No fundamental at all: partials 2 to 6.
    public static let missingFundamental = [0, 1, 0.7, 0.5, 0.35, 0.25]

    public var sampleRate: Double
    public var notes: [Note]
    /// Signal-to-noise ratio in dB (the noise measured against the notes' mean power), or nil for none.
    public var noiseSNR: Double?
    public var seed: UInt64
    /// Attack and release ramps, seconds (a raised cosine), so that notes start as instruments do.
    public var ramp: Double

    public init(sampleRate: Double = 48000, notes: [Note], noiseSNR: Double? = nil, seed: UInt64 = 1, ramp: Double = 0.005) {
        (self.sampleRate, self.notes, self.noiseSNR, self.seed, self.ramp) = (sampleRate, notes, noiseSNR, seed, ramp)
    }

    /// The take, 0.2 s longer than its last note.
    public func render() -> [Float] {
        let end = (notes.map { $0.start + $0.duration }.max() ?? 0) + 0.2
        var out = [Double](repeating: 0, count: Int(end * sampleRate))
        var generator = SeededGenerator(seed: seed)
        for note in notes {
            let first = Int((note.start * sampleRate).rounded()), count = Int(note.duration * sampleRate)
            // Random phases, so that no test depends on a lucky start.
            let phases = note.partials.indices.map { _ in Double.random(in: 0..<(2 * .pi), using: &generator) }
            let norm = 0.5 / sqrt(note.partials.reduce(0) { $0 + $1 * $1 / 2 })  // every note at the same power
            let rampFrames = max(1, Int(ramp * sampleRate))
            var phase = 0.0  // of the fundamental, in cycles
            for n in 0..<count where first + n < out.count {
                let t = Double(n) / sampleRate
                var value = 0.0
                for (index, amplitude) in note.partials.enumerated() where amplitude != 0 && Double(index + 1) * note.frequency < 0.45 * sampleRate {
                    value += amplitude * sin(2 * .pi * Double(index + 1) * phase + phases[index])
                }
                phase += note.frequency * pow(2, note.vibrato * sin(2 * .pi * 5.5 * t) / 1200) / sampleRate
                let edge = min(n, count - 1 - n)
                let gain = edge < rampFrames ? 0.5 - 0.5 * cos(.pi * Double(edge) / Double(rampFrames)) : 1
                out[first + n] += norm * gain * value
            }
        }
        if let noiseSNR {
            let signalPower = 0.125  // every note is rendered at 0.5² / 2
            let sigma = sqrt(signalPower / pow(10, noiseSNR / 10))
            for index in out.indices { out[index] += sigma * Self.gaussian(&generator) }
        }
        return out.map { Float($0) }
    }

    /// A standard normal deviate (Box–Muller).
    public static func gaussian(_ generator: inout SeededGenerator) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &generator), v = Double.random(in: 0..<1, using: &generator)
        return sqrt(-2 * log(u)) * cos(2 * .pi * v)
    }
}
