import Glibc
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
        covariance = (0..<n).map { i in
            (0..<n).map { j in draws.reduce(0) { $0 + ($1[i] - mean[i]) * ($1[j] - mean[j]) } / Double(draws.count - 1) }
        }
    }

    /// With every answer at the best key and difference: the square root of
    /// the mean over keys and over the listeners at `seeds` of the expected
    /// squared error, at each of `Protocol.checkpoints`.
    func bestRMS(seeds: Range<Int>) -> [Double] {
        var squared = [Double](repeating: 0, count: Protocol.checkpoints.count)
        var known: [Double: [Double]] = [:]  // most kinds share one β, λ and c
        for seed in seeds {
            let listener = SimulatedListener(ListenerSpec(kind: kind), keys: Protocol.keys, seed: UInt64(seed))
            let information = Self.bestInformation(listener.function)
            let sums = known[information] ?? summedVariance(information: information)
            known[information] = sums
            for (index, sum) in sums.enumerated() { squared[index] += sum / Double(covariance.count) }
        }
        return squared.map { ($0 / Double(seeds.count)).squareRoot() }
    }

    /// Given the answers a method chose (`information` per key, as
    /// `RunResult.information` records it): the RMS over keys of the expected error.
    func rms(given information: [Double]) -> Double {
        var posterior = covariance
        for (k, w) in information.enumerated() where w > 0 { Self.addAnswers(at: k, information: w, to: &posterior) }
        return ((0..<posterior.count).reduce(0) { $0 + posterior[$1][$1] } / Double(posterior.count)).squareRoot()
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
