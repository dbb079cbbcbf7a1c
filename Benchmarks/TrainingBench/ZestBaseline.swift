import Glibc
import PeachAudio
import PeachHost
import PeachMusic
import PeachTraining

/// Baseline: an independent ZEST at every key, keys chosen uniformly at
/// random. A grid posterior over ln θ (300 points, 0.5 to 400 cents; prior
/// N(ln 15, 1.2²)) under the model the profile assumes (λ = 0.03, β = 1);
/// each pair is placed at 1.3× the posterior-mean threshold (≈80% correct).
/// The estimate is the posterior mean of ln θ; bands are posterior quantiles.
struct ZestBaseline: TrainingMethod {
    static let gridSize = 300
    static let grid: [Double] = (0..<gridSize).map { log(0.5) + Double($0) * (log(400.0) - log(0.5)) / Double(gridSize - 1) }
    static let priorMean = log(15.0), priorSD = 1.2
    static let lapse = 0.03, placement = 1.3

    /// Unnormalised log posterior per key, over `grid`.
    private var logPosterior: [[Double]]
    private let keys: ClosedRange<Int>
    private var generator: SeededGenerator

    init(keys: ClosedRange<Int>, seed: UInt64) {
        self.keys = keys
        let prior = Self.grid.map { -0.5 * pow(($0 - Self.priorMean) / Self.priorSD, 2) }
        logPosterior = Array(repeating: prior, count: keys.count)
        generator = SeededGenerator(seed: seed &+ 0x2E57)
    }

    mutating func nextPair() -> TrainingPair {
        let key = Int.random(in: keys, using: &generator)
        let sign = Bool.random(using: &generator) ? 1.0 : -1.0
        let delta = quantizedDelta(Self.placement * exp(Self.posterior(logPosterior[key - keys.lowerBound]).mean))
        return TrainingPair(note: MIDINote(number: key)!, cents: sign * delta, kind: .nearby)
    }

    mutating func answer(_ pair: TrainingPair, heard: PitchDirection) -> Bool {
        let correct = heard == pair.direction
        let index = pair.note.number - keys.lowerBound
        let logDelta = log(abs(pair.cents))
        var largest = -Double.infinity
        for point in 0..<Self.gridSize {
            let x = 0.674_489_750_196_081_7 * exp(logDelta - Self.grid[point])
            let p = Self.lapse / 2 + (1 - Self.lapse) * 0.5 * erfc(-x / 2.0.squareRoot())
            logPosterior[index][point] += log(correct ? p : 1 - p)
            largest = max(largest, logPosterior[index][point])
        }
        for point in 0..<Self.gridSize { logPosterior[index][point] -= largest }
        return correct
    }

    func estimates(_ keys: ClosedRange<Int>) -> [KeyEstimate] {
        keys.map { key in
            let posterior = Self.posterior(logPosterior[key - self.keys.lowerBound])
            return KeyEstimate(logThreshold: posterior.mean,
                               band80: posterior.quantile(0.10)...posterior.quantile(0.90),
                               band95: posterior.quantile(0.025)...posterior.quantile(0.975))
        }
    }

    /// A normalised grid posterior.
    struct Posterior {
        var weights: [Double]
        var mean: Double

        /// The ln θ below which `share` of the posterior lies, interpolated between grid points.
        func quantile(_ share: Double) -> Double {
            var cumulative = 0.0
            for (point, weight) in weights.enumerated() {
                if cumulative + weight >= share {
                    let fraction = weight > 0 ? (share - cumulative) / weight : 0
                    let step = ZestBaseline.grid[1] - ZestBaseline.grid[0]
                    return ZestBaseline.grid[point] + (fraction - 0.5) * step
                }
                cumulative += weight
            }
            return ZestBaseline.grid[ZestBaseline.gridSize - 1]
        }
    }

    static func posterior(_ logWeights: [Double]) -> Posterior {
        let largest = logWeights.max()!
        var weights = logWeights.map { exp($0 - largest) }
        let total = weights.reduce(0, +)
        var mean = 0.0
        for point in weights.indices {
            weights[point] /= total
            mean += weights[point] * grid[point]
        }
        return Posterior(weights: weights, mean: mean)
    }
}
