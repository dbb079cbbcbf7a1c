import Glibc
import PeachTraining

/// What the answers of one run tell, as Fisher information at the listener's
/// true psychometric function: about ln θ at each key, and about the function
/// itself (ln β, ln λ, c), which every key shares. The ideal observer reads it
/// (`IdealObserver`): told the function, only `perKey` counts; estimating it,
/// the cross terms say how much of each key's information an unknown slope,
/// lapse rate or bias takes back.
struct AnswerInformation {
    /// The shared parameters, in this order: ln β, ln λ, c.
    static let functionParameters = 3

    /// Per key, the information about its ln θ.
    private(set) var perKey: [Double]
    /// Per key, the information shared between its ln θ and each function parameter.
    private(set) var cross: [[Double]]
    /// Among the function parameters.
    private(set) var function: [[Double]]

    init(keys: Int) {
        perKey = Array(repeating: 0, count: keys)
        cross = Array(repeating: Array(repeating: 0, count: Self.functionParameters), count: keys)
        function = Array(repeating: Array(repeating: 0, count: Self.functionParameters), count: Self.functionParameters)
    }

    /// One answer at `key` (an index into the run's keys) to a pair going
    /// `direction` at ln Δ, where the listener's ln θ is `logThreshold`.
    mutating func add(key: Int, _ truth: PsychometricFunction, logDelta: Double, logThreshold: Double, direction: PitchDirection) {
        let (p, dpdf) = truth.probabilityAndSlope(logDelta: logDelta, logThreshold: logThreshold, direction: direction)
        let g = truth.parameterGradient(logDelta: logDelta, logThreshold: logThreshold, direction: direction), gradient = [g.x, g.y, g.z]
        let variance = p * (1 - p)
        perKey[key] += dpdf * dpdf / variance
        for a in gradient.indices {
            cross[key][a] += dpdf * gradient[a] / variance
            for b in gradient.indices { function[a][b] += gradient[a] * gradient[b] / variance }
        }
    }
}
