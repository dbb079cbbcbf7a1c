import PeachAudio
import PeachHost
import PeachTraining

/// What a method believes about one key, in ln cents. Bands are nil for
/// methods that give none (the staircase).
struct KeyEstimate {
    var logThreshold: Double
    var band80: ClosedRange<Double>? = nil
    var band95: ClosedRange<Double>? = nil
    /// ln of how far θ̂ stands above the method's own smooth curve, for methods that fit one (Peach).
    var logAboveCurve: Double? = nil
}

/// A way of choosing pairs and estimating thresholds over a range of keys:
/// Peach's own session, or a per-key baseline.
protocol TrainingMethod {
    mutating func nextPair() -> TrainingPair
    /// Records what the listener heard; returns whether it was correct.
    mutating func answer(_ pair: TrainingPair, heard: PitchDirection) -> Bool
    /// Estimates for `keys`, in order.
    func estimates(_ keys: ClosedRange<Int>) -> [KeyEstimate]
}

/// The methods compared, side by side.
enum MethodSpec: Sendable, Hashable {
    /// Peach's session at a position of the natural (0) ↔ mechanical (1) slider.
    case peach(slider: Double)
    case staircase
    case zest

    var name: String {
        switch self {
        case .peach(let slider): "Peach, " + Targets.label(slider)
        case .staircase: "staircase 2d/1u per key"
        case .zest: "ZEST per key"
        }
    }

    var hasBands: Bool { self != .staircase }

    func make(keys: ClosedRange<Int>, seed: UInt64) -> any TrainingMethod {
        switch self {
        case .peach(let slider): PeachMethod(keys: keys, slider: slider, seed: seed)
        case .staircase: StaircaseBaseline(keys: keys, seed: seed)
        case .zest: ZestBaseline(keys: keys, seed: seed)
        }
    }
}

/// Baselines quantise Δ to 0.1 cent within [0.1, 300] cents (research notes, section 6.1).
func quantizedDelta(_ cents: Double) -> Double {
    (min(max(cents, 0.1), 300) * 10).rounded() / 10
}
