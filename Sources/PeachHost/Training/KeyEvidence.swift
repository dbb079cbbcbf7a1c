import Glibc

/// Everything the answers at one key say, compressed so that the cost of a
/// profile update does not grow with the history: answers are pooled in bins
/// of ln Δ (each bin keeps its exact mean ln Δ and its answers' mean position
/// in the history, for `Drift`), pairs going up apart from pairs going down
/// (for the response bias), with weights that fade as newer answers arrive
/// (see `PerceptualProfile.memory`).
package struct KeyEvidence: Sendable, Equatable {
    package static let binWidth = 0.05            // in ln Δ: 5% steps
    package static let lowestLogDelta = log(PerceptualProfile.smallestDelta)  // below the 0.1-cent resolution
    package static let binCount = Int(((log(PerceptualProfile.largestDelta) - lowestLogDelta) / binWidth).rounded(.up))

    /// Per slot (a bin and a direction, `slot`): total weight, weight of correct answers, weighted sums of ln Δ
    /// and of the answers' positions in the history.
    private(set) var weights: [Double] = []
    private(set) var correctWeights: [Double] = []
    private(set) var logDeltaSums: [Double] = []
    private(set) var indexSums: [Double] = []
    /// Slots holding any answers, so fits skip the empty ones.
    private(set) var occupied: [Int] = []
    /// Answers recorded at this key, without fading.
    private(set) var answerCount = 0

    package static func bin(logDelta: Double) -> Int {
        min(max(Int((logDelta - lowestLogDelta) / binWidth), 0), binCount - 1)
    }

    /// Pairs going up are in even slots, pairs going down in odd ones.
    static func slot(logDelta: Double, direction: PitchDirection) -> Int {
        2 * bin(logDelta: logDelta) + (direction == .higher ? 0 : 1)
    }

    static func direction(ofSlot slot: Int) -> PitchDirection { slot % 2 == 0 ? .higher : .lower }

    package mutating func add(logDelta: Double, direction: PitchDirection, correct: Bool, index: Int, weight: Double) {
        if weights.isEmpty {
            weights = Array(repeating: 0, count: 2 * Self.binCount)
            correctWeights = weights
            logDeltaSums = weights
            indexSums = weights
        }
        let bin = Self.slot(logDelta: logDelta, direction: direction)
        if weights[bin] == 0 { occupied.append(bin) }
        weights[bin] += weight
        if correct { correctWeights[bin] += weight }
        logDeltaSums[bin] += weight * logDelta
        indexSums[bin] += weight * Double(index)
        answerCount += 1
    }

    /// Multiplies every weight by `factor` (when the fading scale is renormalised).
    package mutating func scale(by factor: Double) {
        for bin in occupied {
            weights[bin] *= factor
            correctWeights[bin] *= factor
            logDeltaSums[bin] *= factor
            indexSums[bin] *= factor
        }
    }

    /// Where a slot's answers sit today: their mean ln Δ, less what the level
    /// has drifted since they were given.
    @inline(__always)
    private func logDelta(_ slot: Int, _ drift: Drift) -> Double {
        logDeltaSums[slot] / weights[slot] - drift.offset(at: meanIndex(slot))
    }

    /// The mean position in the history of a slot's answers, by their weights.
    @inline(__always)
    private func meanIndex(_ slot: Int) -> Double { indexSums[slot] / weights[slot] }

    /// Gradient and Fisher information of the log-likelihood with respect to
    /// f = ln θ at this key. `unit` converts stored weights to effective answers.
    package func likelihoodTerms(logThreshold f: Double, function: PsychometricFunction, unit: Double, drift: Drift) -> (gradient: Double, information: Double) {
        var gradient = 0.0, information = 0.0
        for bin in occupied {
            let n = weights[bin] * unit
            guard n > 1e-9 else { continue }
            let correct = correctWeights[bin] * unit
            let (p, dp) = function.probabilityAndSlope(logDelta: logDelta(bin, drift), logThreshold: f, direction: Self.direction(ofSlot: bin))
            let variance = p * (1 - p)
            gradient += (correct - n * p) * dp / variance
            information += n * dp * dp / variance
        }
        return (gradient, information)
    }

    /// What this key's answers say about the parameters every key shares, the
    /// function's (ln β, ln λ, c) and the drift (per thousand answers), in that
    /// order: the log-likelihood's gradient (`score`), the Fisher information
    /// between f = ln θ here and each (`cross`), and among them (`shared`, by
    /// rows). How much unknown shared parameters widen what this key's answers
    /// say, and the step that estimates the drift.
    package func sharedInformation(logThreshold f: Double, function: PsychometricFunction, unit: Double, drift: Drift)
        -> (score: SIMD4<Double>, cross: SIMD4<Double>, shared: [SIMD4<Double>]) {
        var score = SIMD4<Double>(), cross = SIMD4<Double>(), shared = [SIMD4<Double>](repeating: SIMD4(), count: 4)
        for bin in occupied {
            let n = weights[bin] * unit
            guard n > 1e-9 else { continue }
            let logDelta = logDelta(bin, drift), direction = Self.direction(ofSlot: bin)
            let (p, dp) = function.probabilityAndSlope(logDelta: logDelta, logThreshold: f, direction: direction)
            // Reading Δ as if given today moves ln Δ by −rate·age, which P(correct) sees as f moving by +rate·age.
            let gradient = SIMD4(function.parameterGradient(logDelta: logDelta, logThreshold: f, direction: direction),
                                 dp * drift.age(at: meanIndex(bin)))
            let weight = n / (p * (1 - p))
            score += (correctWeights[bin] * unit - n * p) / (p * (1 - p)) * gradient
            cross += weight * dp * gradient
            for row in 0..<4 { shared[row] += weight * gradient[row] * gradient }
        }
        return (score, cross, shared)
    }

    /// The largest difference (ln Δ, as today) at which more answers here were
    /// wrong, by half an answer or more, than a threshold of e^f explains; nil
    /// if there is none. A lapse or two among many easy pairs is explained.
    package func largestSurprisingMiss(logThreshold f: Double, function: PsychometricFunction, unit: Double, drift: Drift) -> Double? {
        var largest: Double?
        for slot in occupied where weights[slot] > correctWeights[slot] {
            let logDelta = logDelta(slot, drift)
            guard logDelta > largest ?? -.infinity else { continue }
            let p = function.probabilityAndSlope(logDelta: logDelta, logThreshold: f, direction: Self.direction(ofSlot: slot)).p
            if (weights[slot] - correctWeights[slot]) * unit - weights[slot] * unit * (1 - p) >= 0.5 { largest = logDelta }
        }
        return largest
    }

    /// Log-likelihood of the answers at this key, for comparing slopes, lapses and biases.
    package func logLikelihood(logThreshold f: Double, function: PsychometricFunction, unit: Double, drift: Drift) -> Double {
        var sum = 0.0
        for bin in occupied {
            let n = weights[bin] * unit, correct = correctWeights[bin] * unit
            let p = function.probabilityAndSlope(logDelta: logDelta(bin, drift), logThreshold: f, direction: Self.direction(ofSlot: bin)).p
            sum += correct * log(p) + (n - correct) * log(1 - p)
        }
        return sum
    }
}
