import Glibc
import PeachHost

/// A simulated listener (psychophysics research notes, section 5): at each key
/// a true threshold θ, and answers drawn from
/// P(correct) = λ/2 + (1 − λ)·Φ(z₇₅·(Δ/θ)^β).
struct SimulatedListener {
    enum Kind: String, CaseIterable {
        case musician, untrained, weakSpot = "weak-spot", learner
    }

    let kind: Kind
    let lapse: Double
    let slope: Double
    /// Long-run thresholds per MIDI note (cents).
    private(set) var finalThresholds: [Int: Double] = [:]
    private var generator: SeededGenerator
    // Learner state
    private var totalAnswers = 0.0
    private var practice = [Double](repeating: 0, count: 128)
    static let learningRatio = 5.0, learningShare = 0.6, learningTime = 2000.0
    /// The two narrow weak spots of the weak-spot listener.
    static let weakSpots: [(note: Int, factor: Double)] = [(52, 2.5), (81, 3)]

    init(kind: Kind, keys: ClosedRange<Int>, seed: UInt64, lapse: Double = 0.03, slope: Double = 1) {
        self.kind = kind
        self.lapse = lapse
        self.slope = slope
        generator = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 17)
        let deviation = Self.smoothDeviation(keys: keys, generator: &generator)
        for (index, note) in keys.enumerated() {
            var cents = Self.musicianCurve(note) * exp(deviation[index])
            if kind != .musician { cents *= 5 }
            if kind == .weakSpot {
                for spot in Self.weakSpots {
                    let d = Double(note - spot.note)
                    cents *= exp(log(spot.factor) * exp(-d * d / (2 * 1.5 * 1.5)))
                }
            }
            finalThresholds[note] = max(cents, 1)
        }
    }

    /// The threshold now (the learner's falls with practice).
    func threshold(_ note: Int) -> Double {
        let final = finalThresholds[note]!
        guard kind == .learner else { return final }
        let progress = Self.learningShare * totalAnswers + (1 - Self.learningShare) * practice[note]
        return final * (1 + (Self.learningRatio - 1) * exp(-progress / Self.learningTime))
    }

    mutating func answer(_ pair: TrainingPair) -> PitchDirection {
        let theta = threshold(pair.note.number)
        let p = lapse / 2 + (1 - lapse) * 0.5 * erfc(-0.674_489_75 * pow(abs(pair.cents) / theta, slope) / 2.0.squareRoot())
        if kind == .learner {
            totalAnswers += 1
            for (note, _) in finalThresholds {
                let d = Double(note - pair.note.number)
                practice[note] += exp(-d * d / 18)
            }
        }
        let correct = Double.random(in: 0..<1, using: &generator) < p
        return correct ? pair.direction : (pair.direction == .higher ? .lower : .higher)
    }

    /// The trained-musician curve of the research notes, ln-interpolated.
    static func musicianCurve(_ note: Int) -> Double {
        let anchors: [(Double, Double)] = [(36, 7), (48, 4), (60, 2.8), (72, 2.4), (84, 2.5), (96, 3.5)]
        let x = Double(note)
        if x <= anchors[0].0 { return anchors[0].1 }
        if x >= anchors.last!.0 { return anchors.last!.1 }
        let upper = anchors.firstIndex { $0.0 >= x }!
        let (a, b) = (anchors[upper - 1], anchors[upper])
        return exp(log(a.1) + (x - a.0) / (b.0 - a.0) * (log(b.1) - log(a.1)))
    }

    /// A smooth random deviation of ln θ (SD 0.15, correlation length 4 semitones).
    static func smoothDeviation(keys: ClosedRange<Int>, generator: inout SeededGenerator) -> [Double] {
        // Sum of a few random cosines gives a smooth stationary process cheaply.
        var values = [Double](repeating: 0, count: keys.count)
        let components = 24
        for _ in 0..<components {
            let frequency = gaussian(&generator) / 4
            let phase = Double.random(in: 0..<(2 * Double.pi), using: &generator)
            for index in values.indices { values[index] += cos(frequency * Double(index) + phase) }
        }
        return values.map { $0 * 0.15 * (2.0 / Double(components)).squareRoot() }
    }

    static func gaussian(_ generator: inout SeededGenerator) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &generator), v = Double.random(in: 0..<1, using: &generator)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
