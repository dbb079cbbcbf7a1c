import Glibc
import PeachTraining

/// What the answers of one run tell, as Fisher information at the listener's
/// true psychometric function: about ln θ at each key, and about what every
/// key shares: the function itself (ln β, ln λ, c) and, for a learner, the
/// parameters of its learning law (`SimulatedListener.Learning.parameters`).
/// The ideal observer reads it (`IdealObserver`): told the function and the
/// law, only `perKey` counts; estimating them, the cross terms say how much
/// of each key's information they take back.
///
/// A learner's "ln θ at a key" here is its long-run ln θ∞: each answer tells
/// of ln θ at its time, ln θ∞ plus the law's offset then, so the information
/// about the law comes in through that offset's gradient.
struct AnswerInformation {
    /// The function's parameters, in this order: ln β, ln λ, c; a learner's law follows them.
    static let functionParameters = 3

    /// Per key, the information about its ln θ (a learner's: ln θ∞).
    private(set) var perKey: [Double]
    /// Per key, the information shared between its ln θ and each shared parameter.
    private(set) var cross: [[Double]]
    /// Among the shared parameters.
    private(set) var shared: [[Double]]
    /// A learner's ∂ ln(θ/θ∞) per key at the checkpoint with respect to its law
    /// (`SimulatedListener.markNow`): today's ln θ is ln θ∞ plus that offset.
    var learningNow: [[Double]]?

    var sharedCount: Int { shared.count }

    init(keys: Int, learns: Bool) {
        let count = Self.functionParameters + (learns ? SimulatedListener.Learning.parameterCount : 0)
        perKey = Array(repeating: 0, count: keys)
        cross = Array(repeating: Array(repeating: 0, count: count), count: keys)
        shared = Array(repeating: Array(repeating: 0, count: count), count: count)
    }

    /// One answer at `key` (an index into the run's keys) to a pair going
    /// `direction` at ln Δ, where the listener's ln θ is `logThreshold`; for
    /// a learner, with its offset's gradient then (`learning`).
    mutating func add(key: Int, _ truth: PsychometricFunction, logDelta: Double, logThreshold: Double, direction: PitchDirection,
                      learning: [Double]? = nil) {
        let (p, dpdf) = truth.probabilityAndSlope(logDelta: logDelta, logThreshold: logThreshold, direction: direction)
        let g = truth.parameterGradient(logDelta: logDelta, logThreshold: logThreshold, direction: direction)
        // The law moves ln θ, so its gradient is ln θ's times the offset's.
        let gradient = [g.x, g.y, g.z] + (learning ?? []).map { dpdf * $0 }
        let variance = p * (1 - p)
        perKey[key] += dpdf * dpdf / variance
        for a in gradient.indices {
            cross[key][a] += dpdf * gradient[a] / variance
            for b in gradient.indices { shared[a][b] += gradient[a] * gradient[b] / variance }
        }
    }
}
