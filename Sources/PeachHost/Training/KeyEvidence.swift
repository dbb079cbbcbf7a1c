import Glibc

/// Everything the answers at one key say, compressed so that the cost of a
/// profile update does not grow with the history: answers are pooled in bins
/// of ln Δ (each bin keeps its exact mean ln Δ), with weights that fade as
/// newer answers arrive (see `PerceptualProfile.memory`).
package struct KeyEvidence: Sendable, Equatable {
    package static let binWidth = 0.05            // in ln Δ: 5% steps
    package static let lowestLogDelta = log(PerceptualProfile.smallestDelta)  // below the 0.1-cent resolution
    package static let binCount = Int(((log(PerceptualProfile.largestDelta) - lowestLogDelta) / binWidth).rounded(.up))

    /// Per bin: total weight, weight of correct answers, weighted sum of ln Δ.
    private(set) var weights: [Double] = []
    private(set) var correctWeights: [Double] = []
    private(set) var logDeltaSums: [Double] = []
    /// Bins holding any answers, so fits skip the empty ones.
    private(set) var occupied: [Int] = []
    /// Answers recorded at this key, without fading.
    private(set) var answerCount = 0

    package static func bin(logDelta: Double) -> Int {
        min(max(Int((logDelta - lowestLogDelta) / binWidth), 0), binCount - 1)
    }

    package mutating func add(logDelta: Double, correct: Bool, weight: Double) {
        if weights.isEmpty {
            weights = Array(repeating: 0, count: Self.binCount)
            correctWeights = weights
            logDeltaSums = weights
        }
        let bin = Self.bin(logDelta: logDelta)
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
            let (p, dp) = function.probabilityAndSlope(logDelta: logDeltaSums[bin] / weights[bin], logThreshold: f)
            let variance = p * (1 - p)
            gradient += (correct - n * p) * dp / variance
            information += n * dp * dp / variance
        }
        return (gradient, information)
    }

    /// Log-likelihood of the answers at this key, for comparing slopes.
    package func logLikelihood(logThreshold f: Double, function: PsychometricFunction, unit: Double) -> Double {
        var sum = 0.0
        for bin in occupied {
            let n = weights[bin] * unit, correct = correctWeights[bin] * unit
            let p = function.probabilityAndSlope(logDelta: logDeltaSums[bin] / weights[bin], logThreshold: f).p
            sum += correct * log(p) + (n - correct) * log(1 - p)
        }
        return sum
    }
}
