/// A source's own measurement of how exactly it plays a training pair's
/// interval (`peach.pair-interval/1`): the largest error of the interval
/// heard from the notes' first frame, and where it was largest. Training
/// promises 0.1 cent, so a source beyond it is not offered for pairs.
public struct PairInterval: Equatable, Sendable {
    /// What training promises.
    public static let limitCents = 0.1

    /// Infinity when some pair had no pitch to measure.
    public var worstCents: Double
    public var firstFrequency: Double
    public var askedCents: Double

    public init(worstCents: Double, firstFrequency: Double, askedCents: Double) {
        self.worstCents = worstCents
        self.firstFrequency = firstFrequency
        self.askedCents = askedCents
    }

    public var holds: Bool { worstCents <= Self.limitCents }
}
