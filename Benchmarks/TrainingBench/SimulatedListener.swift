import Glibc
import PeachAudio
import PeachHost
import PeachTraining

/// Who answers in a simulated run: a listener type (psychophysics research
/// notes, section 5.3) and how the true psychometric function deviates from
/// the one the profile assumes (λ = 0.03, β = 1, no bias): the stress variants
/// of section 6.1. The drawn kinds (`Kind.isDrawn`) draw their own curve and
/// function per seed (`ListenerFamily`).
struct ListenerSpec: Sendable, Hashable {
    var kind: SimulatedListener.Kind
    var lapse = 0.03
    var slope = 1.0
    var bias = 0.0

    var name: String {
        var parts: [String] = []
        if lapse != 0.03 { parts.append("λ=\(lapse)") }
        if slope != 1 { parts.append("β=\(slope)") }
        if bias != 0 { parts.append("c=\(bias)") }
        return parts.isEmpty ? kind.rawValue : kind.rawValue + " (" + parts.joined(separator: ", ") + ")"
    }

    /// Whether this is a listener type as described, not a stress variant.
    var isNominal: Bool { lapse == 0.03 && slope == 1 && bias == 0 }
}

/// A simulated listener (psychophysics research notes, section 5): at each key
/// a true threshold θ, and answers drawn from
/// P(correct) = λ/2 + (1 − λ)·Φ(z₇₅·(Δ/θ)^β ∓ c), with c a bias towards "lower"
/// (towards "higher" when negative).
///
/// The listener's shape (its smooth individual deviation, and a drawn kind's
/// whole curve) and its answers come from separate random streams seeded per
/// run, so every method faces the same listener for a seed.
struct SimulatedListener {
    enum Kind: String, CaseIterable, Sendable {
        case musician, untrained, weakSpot = "weak-spot", learner
        /// The widened population, drawn at random per seed from a family (`ListenerFamily`).
        case steepEnds = "steep-ends", patchy, sloppy, keyLearner = "key-learner"

        var isDrawn: Bool { ![.musician, .untrained, .weakSpot, .learner].contains(self) }
        var learns: Bool { self == .learner || self == .keyLearner }
    }

    /// How a learner improves (section 5.4): θ0/θ∞ (R), the share g that
    /// transfers to every key, the time constant τ in answers, and how far
    /// (SD in semitones) practice at one key reaches its neighbours.
    struct Learning: Sendable {
        var ratio = 5.0, share = 0.6, time = 2000.0, reach = 3.0

        /// The law's parameters as the ideal observer weighs them: ln(R − 1), ln τ, g, ln reach.
        static let parameterCount = 4
        var parameters: [Double] { [log(ratio - 1), log(time), share, log(reach)] }
    }

    let spec: ListenerSpec
    let lapse: Double, slope: Double, bias: Double
    let learning: Learning?
    /// Long-run thresholds (cents), indexed by MIDI note; 0 outside the keys.
    private var finalThresholds = [Double](repeating: 0, count: 128)
    let keys: ClosedRange<Int>
    private var answers: SeededGenerator
    // Learner state (section 5.4).
    private var totalAnswers = 0.0
    private var practice = [Double](repeating: 0, count: 128)
    /// ∂practice/∂reach, per note: how the practice would differ had it reached further.
    private var practiceByReach = [Double](repeating: 0, count: 128)
    /// The two narrow weak spots of the weak-spot listener: E3 ×2.5 and A5 ×3.
    static let weakSpots: [(note: Int, factor: Double)] = [(52, 2.5), (81, 3)]
    static let untrainedFactor = 5.0
    /// A weak spot's share of its full height (in ln θ) this many keys from its centre: Gaussian, SD 1.5 semitones.
    static func spotShape(_ distance: Int) -> Double {
        let d = Double(distance)
        return exp(-d * d / (2 * 1.5 * 1.5))
    }

    init(_ spec: ListenerSpec, keys: ClosedRange<Int>, seed: UInt64) {
        self.spec = spec
        self.keys = keys
        var shape = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 &+ 0x5EED)
        answers = SeededGenerator(seed: seed &* 0xD1B5_4A32_D192_ED03 &+ 0xA115)
        if spec.kind.isDrawn {
            let drawn = ListenerFamily.draw(spec.kind, keys: keys, generator: &shape)
            (lapse, slope, bias, learning) = (drawn.lapse, drawn.slope, drawn.bias, drawn.learning)
            for (index, note) in keys.enumerated() {
                finalThresholds[note] = max(Self.musicianCurve(note) * exp(drawn.logOffsets[index]), 1)
            }
            return
        }
        (lapse, slope, bias) = (spec.lapse, spec.slope, spec.bias)
        learning = spec.kind == .learner ? Learning() : nil
        let deviation = Self.smoothDeviation(count: keys.count, sd: 0.15, length: 4, generator: &shape)
        for (index, note) in keys.enumerated() {
            var cents = Self.musicianCurve(note) * exp(deviation[index])
            // The learner starts where an untrained ear does and improves R-fold towards a musician's.
            switch spec.kind {
            case .untrained, .weakSpot: cents *= Self.untrainedFactor
            case .learner: cents *= Self.untrainedFactor / Learning().ratio
            default: break
            }
            if spec.kind == .weakSpot {
                for spot in Self.weakSpots { cents *= exp(log(spot.factor) * Self.spotShape(note - spot.note)) }
            }
            finalThresholds[note] = max(cents, 1)
        }
    }

    var isStationary: Bool { learning == nil }

    /// The threshold now (a learner's falls with practice).
    func threshold(_ note: Int) -> Double {
        let final = finalThresholds[note]
        guard let learning else { return final }
        return final * (1 + (learning.ratio - 1) * exp(-progress(note, learning) / learning.time))
    }

    /// The threshold the learner ends at (θ∞), which the ideal observer's family covariance is over.
    func finalThreshold(_ note: Int) -> Double { finalThresholds[note] }

    private func progress(_ note: Int, _ learning: Learning) -> Double {
        learning.share * totalAnswers + (1 - learning.share) * practice[note]
    }

    /// ∂ ln(θ/θ∞) at `note` now with respect to `Learning.parameters`; nil for a steady listener.
    func learningGradient(_ note: Int) -> [Double]? {
        guard let learning else { return nil }
        let p = progress(note, learning), tau = learning.time
        let excess = (learning.ratio - 1) * exp(-p / tau), fraction = excess / (1 + excess)
        return [fraction, fraction * p / tau, -fraction * (totalAnswers - practice[note]) / tau,
                -fraction * (1 - learning.share) * learning.reach * practiceByReach[note] / tau]
    }

    /// P(correct) for `pair` now. Written out here, not taken from
    /// `PsychometricFunction`, so the truth does not share the model's code.
    func probabilityCorrect(_ pair: TrainingPair) -> Double {
        let x = PsychometricFunction.z75 * pow(abs(pair.cents) / threshold(pair.note.number), slope)
        let shifted = pair.cents > 0 ? x - bias : x + bias
        return lapse / 2 + (1 - lapse) * 0.5 * erfc(-shifted / 2.0.squareRoot())
    }

    /// The listener's true psychometric function in the profile's terms: what
    /// the ideal observer and `--told-function` are told.
    var function: PsychometricFunction {
        var function = PsychometricFunction(lapse: lapse, slope: slope)
        function.bias = bias
        return function
    }

    /// Adds what the answer to `pair` tells, at this listener's function and threshold now, to `information` (`IdealObserver`).
    func inform(_ information: inout AnswerInformation, of pair: TrainingPair) {
        information.add(key: pair.note.number - keys.lowerBound, function, logDelta: log(abs(pair.cents)),
                        logThreshold: log(threshold(pair.note.number)), direction: pair.direction,
                        learning: learningGradient(pair.note.number))
    }

    /// A learner's `learningGradient` at every key now, for what the answers so far tell of today's θ.
    func markNow(_ information: inout AnswerInformation) {
        guard learning != nil else { return }
        information.learningNow = keys.map { learningGradient($0)! }
    }

    mutating func answer(_ pair: TrainingPair) -> PitchDirection {
        let p = probabilityCorrect(pair)
        if let learning {
            totalAnswers += 1
            let spread = 2 * learning.reach * learning.reach
            for note in keys {
                let d = Double(note - pair.note.number), reached = exp(-d * d / spread)
                practice[note] += reached
                practiceByReach[note] += reached * d * d / (learning.reach * learning.reach * learning.reach)
            }
        }
        let correct = Double.random(in: 0..<1, using: &answers) < p
        return correct ? pair.direction : (pair.direction == .higher ? .lower : .higher)
    }

    /// The `count` keys with the largest threshold now.
    func weakestKeys(_ count: Int) -> Set<Int> {
        Set(keys.sorted { threshold($0) > threshold($1) }.prefix(count))
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

    /// A smooth random deviation of ln θ (SD `sd`, correlation length `length`
    /// semitones): a sum of random cosines with Gaussian frequencies (random
    /// Fourier features of the squared-exponential kernel).
    static func smoothDeviation(count: Int, sd: Double, length: Double, generator: inout SeededGenerator) -> [Double] {
        var values = [Double](repeating: 0, count: count)
        let components = 24
        for _ in 0..<components {
            let frequency = gaussian(&generator) / length
            let phase = Double.random(in: 0..<(2 * Double.pi), using: &generator)
            for index in values.indices { values[index] += cos(frequency * Double(index) + phase) }
        }
        return values.map { $0 * sd * (2.0 / Double(components)).squareRoot() }
    }

    static func gaussian(_ generator: inout SeededGenerator) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &generator), v = Double.random(in: 0..<1, using: &generator)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
