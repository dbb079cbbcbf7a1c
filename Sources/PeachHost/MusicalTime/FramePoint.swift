/// A moment on the frame clock, kept as whole frames plus a fraction in [0, 1),
/// so that an hour at 48 kHz (1.7 × 10⁸ frames) keeps its fraction to 10⁻¹⁶
/// of a frame rather than the 3 × 10⁻⁸ a single Double would.
struct FramePoint: Sendable {
    var whole: Int64
    var fraction: Double

    static let zero = FramePoint(whole: 0, fraction: 0)

    /// `numerator / denominator` frames, exactly divided into whole and fraction.
    init(numerator: Int128, denominator: Int64) {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: Int128(denominator))
        whole = Int64(quotient)
        fraction = Double(remainder) / Double(denominator)
    }

    init(whole: Int64, fraction: Double) {
        let carry = fraction.rounded(.down)
        self.whole = whole + Int64(carry)
        self.fraction = fraction - carry
    }

    /// Frames measured in Double (a ramp's part), added to this moment.
    func adding(frames: Double) -> FramePoint {
        let carry = frames.rounded(.down)
        return FramePoint(whole: whole + Int64(carry), fraction: fraction + (frames - carry))
    }

    func adding(_ other: FramePoint) -> FramePoint {
        FramePoint(whole: whole + other.whole, fraction: fraction + other.fraction)
    }

    /// The frame an event at this moment lands on: the nearest, halves up.
    var nearestFrame: Int64 { fraction < 0.5 ? whole : whole + 1 }

    /// Frames after `start`, as a Double (for reading positions, not scheduling).
    func frames(since start: FramePoint) -> Double {
        Double(whole - start.whole) + (fraction - start.fraction)
    }
}
