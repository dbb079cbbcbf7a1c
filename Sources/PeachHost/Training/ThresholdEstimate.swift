import PeachMusic
/// What the profile says about one key.
public struct ThresholdEstimate: Equatable, Sendable {
    public var note: MIDINote
    /// Cents the listener answers correctly 75% of the time (lapses aside): the posterior median.
    public var threshold: Double
    /// Central 80% and 95% credible bands, in cents.
    public var band80: ClosedRange<Double>
    public var band95: ClosedRange<Double>
    /// Answers given at this key.
    public var answers: Int
    /// Posterior standard deviation of ln θ.
    public var logSD: Double
}
