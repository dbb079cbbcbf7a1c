import Glibc
import PeachSupport
import PeachTraining

/// How small the RMS ln-error could be after N answers for a listener drawn
/// from a family, whatever the method: a reference for the targets, not a
/// method that runs.
///
/// The ideal observer is told what no trainer can know: the family's mean and
/// covariance of ln θ across the keys (estimated from `familyDraws` listeners
/// drawn apart from the benchmark's seeds), and the listener's own β, λ and c.
/// Every answer is placed at the difference that tells most about ln θ
/// (Fisher information, averaged over the two directions), at the key where
/// it lowers the summed posterior variance most (greedy A-optimal design).
/// The posterior of a Gaussian with that prior and that information,
/// (Σ⁻¹ + W)⁻¹, then gives the expected squared error at each key.
///
/// For a learner the covariance is over the long-run ln θ∞, and the observer
/// is told the form of the learning law (`SimulatedListener.threshold`); told
/// the listener's own parameters of it too, every answer tells of ln θ∞ as a
/// steady listener's would, and today's θ follows. Estimating them, it knows
/// only their spread over the family. Best pairs are not worked out for a
/// learner: they would depend on when each is asked.
///
/// A nonlinear estimator could do somewhat better where the family is far
/// from Gaussian (a patchy listener's spots are sparse), and a real method
/// somewhat worse where it cannot aim each pair at the true threshold, so read
/// it as where the answers themselves stop helping, to within those two.
struct IdealObserver {
    static let familyDraws = 2000

    let kind: SimulatedListener.Kind
    /// The covariance of ln θ (a learner's: ln θ∞) across `Protocol.keys` over listeners drawn from the family.
    let covariance: [[Double]]
    /// Its inverse, row-major.
    private let precision: [Double]
    /// A learner's: the SD over the family of each of `Learning.parameters`.
    private let learningPriorSDs: [Double]
    /// A steady kind's RMS at each of `Protocol.checkpoints` with every answer
    /// at the best key and difference, told the function and estimating it
    /// (`bestRMS(seeds:estimatingFunction:)`), over the listeners at `seeds`.
    private(set) var bestTold: [Double] = [], bestEstimating: [Double] = []

    /// Nil for a listener who is not drawn from a family (its level is fixed,
    /// which the observer would be told).
    init?(_ kind: SimulatedListener.Kind, seeds: Range<Int>) {
        guard kind.isDrawn else { return nil }
        self.kind = kind
        let keys = Protocol.keys, n = keys.count
        let listeners = (0..<Self.familyDraws).map { draw in
            SimulatedListener(ListenerSpec(kind: kind), keys: keys, seed: UInt64(1_000_000 + draw))
        }
        let draws = listeners.map { listener in keys.map { log(listener.finalThreshold($0)) } }
        let mean = (0..<n).map { key in draws.reduce(0) { $0 + $1[key] } / Double(draws.count) }
        let sample = (0..<n).map { i in
            (0..<n).map { j in draws.reduce(0) { $0 + ($1[i] - mean[i]) * ($1[j] - mean[j]) } / Double(draws.count - 1) }
        }
        covariance = sample
        // The family's curves are smooth, so the covariance is nearly singular: a variance of 10⁻⁶
        // (an SD of 0.1% in θ) at each key makes it invertible without changing what it tells.
        let factor = Cholesky((0..<n * n).map { sample[$0 / n][$0 % n] + ($0 / n == $0 % n ? 1e-6 : 0) }, size: n)!
        precision = (0..<n).flatMap { i in
            var unit = [Double](repeating: 0, count: n)
            unit[i] = 1
            return factor.solve(unit)
        }
        let laws = listeners.compactMap { $0.learning?.parameters }
        learningPriorSDs = laws.isEmpty ? [] : (0..<SimulatedListener.Learning.parameterCount).map { a in
            Stats.sampleVariance(laws.map { $0[a] }).squareRoot()
        }
        guard !kind.learns else { return }
        bestTold = bestRMS(seeds: seeds)
        bestEstimating = bestRMS(seeds: seeds, estimatingFunction: true)
    }

    /// With every answer at the best key and difference: the square root of
    /// the mean over keys and over the listeners at `seeds` of the expected
    /// squared error, at each of `Protocol.checkpoints`. Estimating the
    /// function, the observer also chooses each answer's difference for what
    /// it tells about β, λ and c, as far as that lowers the error of ln θ.
    private func bestRMS(seeds: Range<Int>, estimatingFunction: Bool = false) -> [Double] {
        let functions = seeds.map { SimulatedListener(ListenerSpec(kind: kind), keys: Protocol.keys, seed: UInt64($0)).function }
        // Most kinds share one β, λ and c: each function once, on every core.
        let distinct = functions.reduce(into: [PsychometricFunction]()) { if !$0.contains($1) { $0.append($1) } }
        let sums = distinct.concurrentMap { function in
            estimatingFunction ? summedVariance(estimating: function) : summedVariance(information: Self.bestInformation(function))
        }
        var squared = [Double](repeating: 0, count: Protocol.checkpoints.count)
        for function in functions {
            for (index, sum) in sums[distinct.firstIndex(of: function)!].enumerated() { squared[index] += sum / Double(covariance.count) }
        }
        return squared.map { ($0 / Double(seeds.count)).squareRoot() }
    }

    /// Given each run's own answers, the median over runs of `rms(given:)` after
    /// 1000 and 3000 answers (`Protocol.checkpoints[1...]`).
    func medianRMS(given runs: [RunResult], estimatingFunction: Bool = false) -> [Double] {
        [1, 2].map { checkpoint in Stats.median(runs.map { rms(given: $0.information[checkpoint], estimatingFunction: estimatingFunction) }) }
    }

    /// Given the answers a method chose (`RunResult.information`): the RMS over
    /// keys of the expected error. Told the function (and a learner's law),
    /// each key's posterior precision is the prior's plus its answers'
    /// information about ln θ. Estimating them, the observer is told no more of
    /// β, λ and c than Peach's own priors say (`PerceptualProfile.slopePriorSD`
    /// and the rest: what is known of listeners before their first answer), nor
    /// of a learner's law than its spread over the family; the posterior is
    /// then over the keys and those together, and today's ln θ at a key is its
    /// ln θ∞ plus the law's offset now (`AnswerInformation.learningNow`).
    func rms(given answers: AnswerInformation, estimatingFunction: Bool = false) -> Double {
        let n = covariance.count, m = estimatingFunction ? answers.sharedCount : 0, size = n + m
        var matrix = [Double](repeating: 0, count: size * size)
        for i in 0..<n {
            for j in 0..<n { matrix[i * size + j] = precision[i * n + j] }
            matrix[i * size + i] += answers.perKey[i]
            for a in 0..<m { (matrix[i * size + n + a], matrix[(n + a) * size + i]) = (answers.cross[i][a], answers.cross[i][a]) }
        }
        let priorSDs = PerceptualProfile.functionPriorSDs + learningPriorSDs
        for a in 0..<m {
            for b in 0..<m { matrix[(n + a) * size + n + b] = answers.shared[a][b] }
            matrix[(n + a) * size + n + a] += 1 / (priorSDs[a] * priorSDs[a])
        }
        // The variance of vᵀ·x for x ~ N(·, A⁻¹) with A = L·Lᵀ is |L⁻¹·v|².
        let factor = Cholesky(matrix, size: size)!
        let lawStart = AnswerInformation.functionParameters
        let variances = (0..<n).map { k in
            var v = [Double](repeating: 0, count: size)
            v[k] = 1
            if m > lawStart, let now = answers.learningNow { for a in now[k].indices { v[n + lawStart + a] = now[k][a] } }
            return factor.solveLower(v).reduce(0) { $0 + $1 * $1 }
        }
        return (variances.reduce(0, +) / Double(n)).squareRoot()
    }

    /// The summed posterior variance after each checkpoint's number of
    /// answers, each placed greedily where it lowers the sum most.
    private func summedVariance(information: Double) -> [Double] {
        var posterior = covariance
        let n = posterior.count
        var sums: [Double] = []
        for answer in 1...Protocol.answers {
            // One answer at key k lowers the sum by i·|Σ_k|² / (1 + i·Σ_kk).
            let gains = (0..<n).map { k in
                information * posterior[k].reduce(0) { $0 + $1 * $1 } / (1 + information * posterior[k][k])
            }
            Self.addAnswers(at: gains.indices.max { gains[$0] < gains[$1] }!, information: information, to: &posterior)
            if Protocol.checkpoints.contains(answer) { sums.append((0..<n).reduce(0) { $0 + posterior[$1][$1] }) }
        }
        return sums
    }

    /// The same when β, λ and c are estimated too (from Peach's priors): the
    /// posterior covariance is over ln θ at every key and the three, and each
    /// answer goes to the key, difference (u from 0.1 to 4) and direction that
    /// lowers the summed variance of ln θ most. One answer with gradient g
    /// (∂P over √(P(1 − P)), nonzero at its key and the three) lowers the
    /// covariance S by S·g·gᵀ·S / (1 + gᵀ·S·g).
    private func summedVariance(estimating truth: PsychometricFunction) -> [Double] {
        let n = covariance.count, m = AnswerInformation.functionParameters, size = n + m
        var s = [Double](repeating: 0, count: size * size)
        for i in 0..<n { for j in 0..<n { s[i * size + j] = covariance[i][j] } }
        for (a, sd) in PerceptualProfile.functionPriorSDs.enumerated() { s[(n + a) * size + n + a] = sd * sd }
        // The candidate differences, the same at every key: gradient at the key's ln θ and at the function.
        let candidates: [(key: Double, function: [Double])] = stride(from: 0.1, through: 4, by: 0.1).flatMap { (u: Double) in
            [PitchDirection.higher, .lower].map { direction -> (key: Double, function: [Double]) in
                let logDelta = log(u / PsychometricFunction.z75) / truth.slope
                let (p, dp) = truth.probabilityAndSlope(logDelta: logDelta, logThreshold: 0, direction: direction)
                let scale = 1 / (p * (1 - p)).squareRoot()
                let g = truth.parameterGradient(logDelta: logDelta, logThreshold: 0, direction: direction) * scale
                return (key: dp * scale, function: [g.x, g.y, g.z])
            }
        }
        var sums: [Double] = []
        for answer in 1...Protocol.answers {
            // Over the keys' rows only: |S_k|², S_k·S_a and S_a·S_b, for the variance of ln θ an answer removes.
            var keyKey = [Double](repeating: 0, count: n), keyFunction = [Double](repeating: 0, count: n * m)
            var functionFunction = [Double](repeating: 0, count: m * m)
            for i in 0..<n {
                let row = i * size
                for a in 0..<m { for b in 0..<m { functionFunction[a * m + b] += s[row + n + a] * s[row + n + b] } }
            }
            for k in 0..<n {
                for i in 0..<n {
                    let v = s[i * size + k]
                    keyKey[k] += v * v
                    for a in 0..<m { keyFunction[k * m + a] += v * s[i * size + n + a] }
                }
            }
            var best = (gain: -1.0, key: 0, candidate: 0, denominator: 1.0)
            for k in 0..<n {
                for (index, g) in candidates.enumerated() {
                    var removed = g.key * g.key * keyKey[k], denominator = 1 + g.key * g.key * s[k * size + k]
                    for a in 0..<m {
                        removed += 2 * g.key * g.function[a] * keyFunction[k * m + a]
                        denominator += 2 * g.key * g.function[a] * s[k * size + n + a]
                        for b in 0..<m {
                            removed += g.function[a] * g.function[b] * functionFunction[a * m + b]
                            denominator += g.function[a] * g.function[b] * s[(n + a) * size + n + b]
                        }
                    }
                    if removed / denominator > best.gain { best = (removed / denominator, k, index, denominator) }
                }
            }
            let g = candidates[best.candidate]
            let v = (0..<size).map { i in (0..<m).reduce(g.key * s[i * size + best.key]) { $0 + g.function[$1] * s[i * size + n + $1] } }
            for i in 0..<size { for j in 0..<size { s[i * size + j] -= v[i] * v[j] / best.denominator } }
            if Protocol.checkpoints.contains(answer) { sums.append((0..<n).reduce(0) { $0 + s[$1 * size + $1] }) }
        }
        return sums
    }

    /// The most one answer can tell about ln θ (Fisher information), over the
    /// difference it is asked at (u = z₇₅·(Δ/θ)^β from 0.01 to 6), half the
    /// pairs going up and half down.
    static func bestInformation(_ function: PsychometricFunction) -> Double {
        stride(from: 0.01, through: 6, by: 0.01).map { u in
            let logDelta = log(u / PsychometricFunction.z75) / function.slope
            return (information(function, logDelta: logDelta, logThreshold: 0, direction: .higher)
                    + information(function, logDelta: logDelta, logThreshold: 0, direction: .lower)) / 2
        }.max()!
    }

    /// The Fisher information about ln θ of one answer to a pair going `direction` at ln Δ.
    static func information(_ function: PsychometricFunction, logDelta: Double, logThreshold: Double, direction: PitchDirection) -> Double {
        let (p, dp) = function.probabilityAndSlope(logDelta: logDelta, logThreshold: logThreshold, direction: direction)
        return dp * dp / (p * (1 - p))
    }

    /// Σ ← Σ − w·Σ_k·Σ_kᵀ / (1 + w·Σ_kk): the posterior after answers at key k with total information w.
    private static func addAnswers(at k: Int, information w: Double, to covariance: inout [[Double]]) {
        let column = covariance[k], scale = w / (1 + w * column[k])
        for i in column.indices { for j in column.indices { covariance[i][j] -= scale * column[i] * column[j] } }
    }
}
