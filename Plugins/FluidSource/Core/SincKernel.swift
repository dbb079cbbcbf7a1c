import Glibc

/// The interpolation filter that moves a note by the fraction of a cent
/// FluidSynth cannot play: a Kaiser-windowed sinc, 32 taps, tabulated at 256
/// fractional positions (linearly interpolated between them). Each row sums
/// to exactly 1, so a slowly drifting fractional position cannot make the
/// level flutter. Against an ideal fractional delay the error stays 87 dB
/// down up to 18 kHz at every position (checked numerically when it was
/// tuned). At position 0 it is exactly the identity: a note that needs no
/// fraction passes through untouched.
package enum SincKernel {
    package static let taps = 32
    /// Taps before the interpolated position (and `taps - 1 - before` after it).
    package static let before = 15
    package static let phases = 256
    /// Cutoff at Nyquist, as a fraction of the sample rate: the ratio never
    /// exceeds 1.0006, so nothing audible can alias.
    private static let cutoff = 0.5
    private static let beta = 9.0

    /// Row p: the `taps` coefficients for fractional position p / phases, then
    /// how each changes towards row p + 1 (so one multiply-add interpolates).
    /// Built on first use, which the plugin makes on the main thread (in `activate`).
    nonisolated(unsafe) package static let table: UnsafePointer<Float> = {
        var rows = [[Double]]()
        let half = Double(taps) / 2
        for phase in 0...phases {
            let fraction = Double(phase) / Double(phases)
            var row = [Double](repeating: 0, count: taps)
            for tap in 0..<taps {
                // Distance from input frame (base - before + tap) to the position base + fraction.
                let distance = fraction + Double(before - tap)
                let x = 2 * cutoff * distance
                let sinc = x == 0 ? 1 : sin(Double.pi * x) / (Double.pi * x)
                let edge = distance / half
                row[tap] = abs(edge) >= 1 ? 0 : sinc * besselI0(beta * (1 - edge * edge).squareRoot()) / besselI0(beta)
            }
            let sum = row.reduce(0, +)
            rows.append(row.map { $0 / sum })
        }
        let table = UnsafeMutablePointer<Float>.allocate(capacity: phases * 2 * taps)
        for phase in 0..<phases {
            for tap in 0..<taps {
                table[phase * 2 * taps + tap] = Float(rows[phase][tap])
                table[phase * 2 * taps + taps + tap] = Float(rows[phase + 1][tap] - rows[phase][tap])
            }
        }
        return UnsafePointer(table)
    }()

    /// The left and right values at `fraction` (0..<1) past frame `before` of
    /// the `taps` frames at `left` and `right`. Sixteen lanes at a time.
    @inlinable @inline(__always)
    package static func interpolate(_ left: UnsafePointer<Float>, _ right: UnsafePointer<Float>, fraction: Double) -> (left: Float, right: Float) {
        if fraction == 0 { return (left[before], right[before]) }  // what row 0 computes, exactly
        let phase = fraction * Double(phases)
        let row = Int(phase)
        let mix = Float(phase - Double(row))
        let coefficients = UnsafeRawPointer(table + row * 2 * taps)
        let stride = 16 * MemoryLayout<Float>.stride
        let low = coefficients.loadUnaligned(as: SIMD16<Float>.self) + mix * coefficients.loadUnaligned(fromByteOffset: 2 * stride, as: SIMD16<Float>.self)
        let high = coefficients.loadUnaligned(fromByteOffset: stride, as: SIMD16<Float>.self)
            + mix * coefficients.loadUnaligned(fromByteOffset: 3 * stride, as: SIMD16<Float>.self)
        let l = UnsafeRawPointer(left), r = UnsafeRawPointer(right)
        let sumLeft = low * l.loadUnaligned(as: SIMD16<Float>.self) + high * l.loadUnaligned(fromByteOffset: stride, as: SIMD16<Float>.self)
        let sumRight = low * r.loadUnaligned(as: SIMD16<Float>.self) + high * r.loadUnaligned(fromByteOffset: stride, as: SIMD16<Float>.self)
        return (sumLeft.sum(), sumRight.sum())
    }

    /// The modified Bessel function of the first kind, order 0, by its power series.
    private static func besselI0(_ x: Double) -> Double {
        var sum = 1.0, term = 1.0
        for k in 1..<40 {
            term *= (x / 2) * (x / 2) / Double(k * k)
            sum += term
        }
        return sum
    }
}
