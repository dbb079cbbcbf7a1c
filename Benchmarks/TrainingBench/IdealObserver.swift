import Glibc
import PeachSupport
import PeachTraining

/// How small the RMS ln-error could be after N answers for a listener drawn
/// from a steady family, whatever the method: a reference for the targets,
/// not a method that runs.
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
/// A nonlinear estimator could do somewhat better where the family is far
/// from Gaussian (a patchy listener's spots are sparse), and a real method
/// somewhat worse where it cannot aim each pair at the true threshold, so read
/// it as where the answers themselves stop helping, to within those two.
struct IdealObserver {
    static let familyDraws = 2000

    let kind: SimulatedListener.Kind
    /// The covariance of ln θ across `Protocol.keys` over listeners drawn from the family.
    let covariance: [[Double]]
    /// Its inverse, row-major.
    private let precision: [Double]

    /// Nil for a listener who learns (its θ moves) or who is not drawn from a
    /// family (its level is fixed, which the observer would be told).
    init?(_ kind: SimulatedListener.Kind) {
        guard kind.isDrawn, !kind.learns else { return nil }
        self.kind = kind
        let keys = Protocol.keys, n = keys.count
        let draws = (0..<Self.familyDraws).map { draw in
            let listener = SimulatedListener(ListenerSpec(kind: kind), keys: keys, seed: UInt64(1_000_000 + draw))
            return keys.map { log(listener.threshold($0)) }
        }
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
    }

    /// With every answer at the best key and difference: the square root of
    /// the mean over keys and over the listeners at `seeds` of the expected
    /// squared error, at each of `Protocol.checkpoints`. Estimating the
    /// function, the observer also chooses each answer's difference for what
    /// it tells about β, λ and c, as far as that lowers the error of ln θ.
    func bestRMS(seeds: Range<Int>, estimatingFunction: Bool = false) -> [Double] {
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

    /// Given the answers a method chose (`RunResult.information`): the RMS over
    /// keys of the expected error. Told the function, each key's posterior
    /// precision is the prior's plus its answers' information about ln θ.
    /// Estimating it, the observer is told no more of β, λ and c than Peach's
    /// own priors say (`PerceptualProfile.slopePriorSD` and the rest: what is
    /// known of listeners before their first answer), and the information the
    /// keys share with them is taken back: the precision of ln θ is the Schur
    /// complement (Σ⁻¹ + W) − C·(P + F)⁻¹·Cᵀ, with C the cross terms, F the
    /// information about the function and P its prior precision.
    func rms(given answers: AnswerInformation, estimatingFunction: Bool = false) -> Double {
        let n = covariance.count
        var matrix = precision
        for k in 0..<n { matrix[k * n + k] += answers.perKey[k] }
        if estimatingFunction {
            let m = AnswerInformation.functionParameters
            var function = (0..<m * m).map { answers.function[$0 / m][$0 % m] }
            for (a, sd) in PerceptualProfile.functionPriorSDs.enumerated() { function[a * m + a] += 1 / (sd * sd) }
            let factor = Cholesky(function, size: m)!
            // C·(P + F)⁻¹·Cᵀ = Vᵀ·V with V = L⁻¹·Cᵀ.
            let v = (0..<n).map { factor.solveLower(answers.cross[$0]) }
            for i in 0..<n { for j in 0..<n { matrix[i * n + j] -= zip(v[i], v[j]).reduce(0) { $0 + $1.0 * $1.1 } } }
        }
        let variances = Self.inverseDiagonal(matrix, size: n)
        return (variances.reduce(0, +) / Double(n)).squareRoot()
    }

    /// The diagonal of A⁻¹ for a symmetric positive-definite A = L·Lᵀ: |L⁻¹·eᵢ|².
    private static func inverseDiagonal(_ matrix: [Double], size n: Int) -> [Double] {
        let factor = Cholesky(matrix, size: n)!
        return (0..<n).map { i in
            var unit = [Double](repeating: 0, count: n)
            unit[i] = 1
            return factor.solveLower(unit).reduce(0) { $0 + $1 * $1 }
        }
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
