import Glibc

/// How likely a listener is to answer a pair correctly, given the difference Δ
/// and the listener's threshold θ at that key:
///
///     P(correct) = λ/2 + (1 − λ) · Φ(z₇₅ · (Δ/θ)^β ∓ c)
///
/// θ is the difference answered correctly 75% of the time apart from lapses
/// and bias; λ is the share of lapses (answers given at random, ~3%); β is
/// the slope, 1 for pitch discrimination in the literature; c is a response
/// bias, a leaning towards answering "lower" (− for pairs that go up, + for
/// pairs that go down; negative: towards "higher"). All three are estimated
/// per listener.
public struct PsychometricFunction: Equatable, Sendable {
    public var lapse: Double
    public var slope: Double
    public var bias = 0.0

    package static let z75 = 0.674_489_750_196_081_7

    public init(lapse: Double = 0.03, slope: Double = 1) {
        self.lapse = lapse
        self.slope = slope
    }

    /// P(correct) without bias.
    public func probabilityCorrect(delta: Double, threshold: Double) -> Double {
        lapse / 2 + (1 - lapse) * NormalDistribution.cdf(Self.z75 * pow(delta / threshold, slope))
    }

    /// The difference at which the listener is expected to be correct with `probability`, apart from bias.
    public func delta(forProbability probability: Double, threshold: Double) -> Double {
        let core = (probability - lapse / 2) / (1 - lapse)
        let clamped = min(max(core, 0.5001), 0.9999)
        return threshold * pow(NormalDistribution.quantile(clamped) / Self.z75, 1 / slope)
    }

    /// P(correct) and its derivative with respect to f = ln θ, at ln Δ, for a pair going `direction`.
    @inline(__always)
    package func probabilityAndSlope(logDelta: Double, logThreshold f: Double, direction: PitchDirection) -> (p: Double, dp: Double) {
        let (x, shifted) = argument(logDelta: logDelta, logThreshold: f, direction: direction)
        let p = lapse / 2 + (1 - lapse) * NormalDistribution.cdf(shifted)
        return (p, -(1 - lapse) * NormalDistribution.density(shifted) * slope * x)
    }

    /// ∂P(correct)/∂(ln β, ln λ, c) at ln Δ for a pair going `direction`:
    /// what an answer tells about the function itself rather than about θ.
    package func parameterGradient(logDelta: Double, logThreshold f: Double, direction: PitchDirection) -> SIMD3<Double> {
        let (x, shifted) = argument(logDelta: logDelta, logThreshold: f, direction: direction)
        let density = (1 - lapse) * NormalDistribution.density(shifted)
        return SIMD3(density * x * slope * (logDelta - f), lapse * (0.5 - NormalDistribution.cdf(shifted)),
                     direction == .higher ? -density : density)
    }

    /// x = z₇₅·(Δ/θ)^β, and x ∓ c as Φ takes it for a pair going `direction`.
    @inline(__always)
    private func argument(logDelta: Double, logThreshold f: Double, direction: PitchDirection) -> (x: Double, shifted: Double) {
        let x = Self.z75 * exp(slope * (logDelta - f))
        return (x, direction == .higher ? x - bias : x + bias)
    }
}
