import Glibc

/// Everything the answers at one key say, compressed so that the cost of a
/// profile update does not grow with the history: answers are pooled in bins
/// of ln Δ (each bin keeps its exact mean ln Δ), pairs going up apart from
/// pairs going down (for the response bias), with weights that fade as newer
/// answers arrive (see `PerceptualProfile.memory`).
package struct KeyEvidence: Sendable, Equatable {
    package static let binWidth = 0.05            // in ln Δ: 5% steps
    package static let lowestLogDelta = log(PerceptualProfile.smallestDelta)  // below the 0.1-cent resolution
    package static let binCount = Int(((log(PerceptualProfile.largestDelta) - lowestLogDelta) / binWidth).rounded(.up))

    /// Per slot (a bin and a direction, `slot`): total weight, weight of correct answers, weighted sum of ln Δ.
    private(set) var weights: [Double] = []
    private(set) var correctWeights: [Double] = []
    private(set) var logDeltaSums: [Double] = []
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

    package mutating func add(logDelta: Double, direction: PitchDirection, correct: Bool, weight: Double) {
        if weights.isEmpty {
            weights = Array(repeating: 0, count: 2 * Self.binCount)
            correctWeights = weights
            logDeltaSums = weights
        }
        let bin = Self.slot(logDelta: logDelta, direction: direction)
        if weights[bin] == 0 { occupied.append(bin) }
        weights[bin] += weight
        if correct { correctWeights[bin] += weight }
        logDeltaSums[bin] += weight * logDelta
        answerCount += 1
    }

    /// Multiplies every weight by `factor` (when the fading scale is renormalised).
    package mutating func scale(by factor: Double) {
        for bin in occupied {
            weights[bin] *= factor
            correctWeights[bin] *= factor
            logDeltaSums[bin] *= factor
        }
    }

    /// Gradient and Fisher information of the log-likelihood with respect to
    /// f = ln θ at this key. `unit` converts stored weights to effective answers.
    package func likelihoodTerms(logThreshold f: Double, function: PsychometricFunction, unit: Double) -> (gradient: Double, information: Double) {
        var gradient = 0.0, information = 0.0
        for bin in occupied {
            let n = weights[bin] * unit
            guard n > 1e-9 else { continue }
            let correct = correctWeights[bin] * unit
            let (p, dp) = function.probabilityAndSlope(logDelta: logDeltaSums[bin] / weights[bin], logThreshold: f, direction: Self.direction(ofSlot: bin))
            let variance = p * (1 - p)
            gradient += (correct - n * p) * dp / variance
            information += n * dp * dp / variance
        }
        return (gradient, information)
    }

    /// Fisher information between f = ln θ at this key and the function's
    /// (ln β, ln λ, c) (`cross`), and among those three (`shared`, by rows):
    /// how much an unknown function widens what this key's answers say.
    package func functionInformation(logThreshold f: Double, function: PsychometricFunction, unit: Double)
        -> (cross: SIMD3<Double>, shared: [SIMD3<Double>]) {
        var cross = SIMD3<Double>(), shared = [SIMD3<Double>](repeating: SIMD3(), count: 3)
        for bin in occupied {
            let n = weights[bin] * unit
            guard n > 1e-9 else { continue }
            let logDelta = logDeltaSums[bin] / weights[bin], direction = Self.direction(ofSlot: bin)
            let (p, dp) = function.probabilityAndSlope(logDelta: logDelta, logThreshold: f, direction: direction)
            let gradient = function.parameterGradient(logDelta: logDelta, logThreshold: f, direction: direction)
            let weight = n / (p * (1 - p))
            cross += weight * dp * gradient
            for row in 0..<3 { shared[row] += weight * gradient[row] * gradient }
        }
        return (cross, shared)
    }

    /// Log-likelihood of the answers at this key, for comparing slopes, lapses and biases.
    package func logLikelihood(logThreshold f: Double, function: PsychometricFunction, unit: Double) -> Double {
        var sum = 0.0
        for bin in occupied {
            let n = weights[bin] * unit, correct = correctWeights[bin] * unit
            let p = function.probabilityAndSlope(logDelta: logDeltaSums[bin] / weights[bin], logThreshold: f, direction: Self.direction(ofSlot: bin)).p
            sum += correct * log(p) + (n - correct) * log(1 - p)
        }
        return sum
    }
}
