import Glibc

/// A second-order Butterworth filter (the RBJ cookbook biquads): what shapes
/// white noise into a hi-hat's hiss.
struct Biquad {
    private let b0, b1, b2, a1, a2: Double
    private var x1 = 0.0, x2 = 0.0, y1 = 0.0, y2 = 0.0

    static func highPass(cutoff: Double, sampleRate: Double) -> Biquad {
        let (cosine, alpha) = shape(cutoff, sampleRate)
        return Biquad(b0: (1 + cosine) / 2, b1: -(1 + cosine), b2: (1 + cosine) / 2, a0: 1 + alpha, a1: -2 * cosine, a2: 1 - alpha)
    }

    static func lowPass(cutoff: Double, sampleRate: Double) -> Biquad {
        let (cosine, alpha) = shape(cutoff, sampleRate)
        return Biquad(b0: (1 - cosine) / 2, b1: 1 - cosine, b2: (1 - cosine) / 2, a0: 1 + alpha, a1: -2 * cosine, a2: 1 - alpha)
    }

    /// cos ω and sin ω / 2Q, with Butterworth's Q = 1/√2.
    private static func shape(_ cutoff: Double, _ sampleRate: Double) -> (cosine: Double, alpha: Double) {
        let omega = 2 * Double.pi * cutoff / sampleRate
        return (cos(omega), sin(omega) / 2.0.squareRoot())
    }

    private init(b0: Double, b1: Double, b2: Double, a0: Double, a1: Double, a2: Double) {
        (self.b0, self.b1, self.b2, self.a1, self.a2) = (b0 / a0, b1 / a0, b2 / a0, a1 / a0, a2 / a0)
    }

    /// The next output for input `x`.
    mutating func filter(_ x: Double) -> Double {
        let y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2
        (x2, x1, y2, y1) = (x1, x, y1, y)
        return y
    }
}
