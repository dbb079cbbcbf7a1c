/// A level that has moved steadily over the recent history: ln θ was
/// `perThousand` higher for every thousand answers of age (a learner still
/// improving: positive). An answer of age a at difference Δ tells about
/// today's θ what Δ·exp(−rate·a) would tell today, so the evidence reads each
/// slot at its mean ln Δ less the rate times its answers' mean age
/// (`KeyEvidence`: ages are pooled like differences).
package struct Drift: Sendable, Equatable {
    package var perThousand: Double
    /// The position in the history the fit is for (answers recorded by then).
    package var now: Double

    /// How much higher ln θ was at position `index` in the history than at
    /// `now` (lower, for a position after it): an answer given there reads
    /// today at ln Δ less this.
    @inline(__always)
    func offset(at index: Double) -> Double {
        perThousand == 0 ? 0 : perThousand * age(at: index)
    }

    /// Age in thousands of answers, the unit of `perThousand`.
    @inline(__always)
    func age(at index: Double) -> Double { (now - index) / 1000 }
}
