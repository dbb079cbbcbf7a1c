import Foundation

/// Measures a steady tone in rendered audio: its frequency to far better than
/// 0.001 cent, and its phase. Tests use it so that pitch claims rest on the
/// sound itself, never on the value that was requested.
public enum FrequencyMeter {
    /// The frequency of the dominant sinusoid in `samples`. A coarse estimate
    /// from zero crossings is refined by maximising the Hann-windowed spectrum
    /// (the maximum-likelihood estimate for one tone in noise).
    public static func frequency(of samples: ArraySlice<Double>, sampleRate: Double) -> Double {
        frequency(of: samples, sampleRate: sampleRate, near: zeroCrossingFrequency(samples, sampleRate: sampleRate))
    }

    /// The frequency of the strongest sinusoid within 1 % of `coarse`: one
    /// tone of several (a drone's fifth beside its root), if they lie further apart.
    public static func frequency(of samples: ArraySlice<Double>, sampleRate: Double, near coarse: Double) -> Double {
        var low = coarse * 0.99, high = coarse * 1.01
        let ratio = (sqrt(5.0) - 1) / 2
        var a = high - ratio * (high - low), b = low + ratio * (high - low)
        var powerA = power(samples, at: a, sampleRate: sampleRate), powerB = power(samples, at: b, sampleRate: sampleRate)
        for _ in 0..<80 where high - low > coarse * 1e-12 {
            if powerA > powerB {
                high = b; b = a; powerB = powerA
                a = high - ratio * (high - low); powerA = power(samples, at: a, sampleRate: sampleRate)
            } else {
                low = a; a = b; powerA = powerB
                b = low + ratio * (high - low); powerB = power(samples, at: b, sampleRate: sampleRate)
            }
        }
        return (low + high) / 2
    }

    /// Cents between a measured and an expected frequency.
    public static func cents(_ measured: Double, from expected: Double) -> Double {
        1200 * log2(measured / expected)
    }

    /// Least-squares fit of `a·cos(ωn) + b·sin(ωn)` with n counted from the
    /// slice's first index as frame `firstFrame`. Returns amplitude and phase
    /// (radians) such that the signal is `amplitude·sin(ωn + phase)`.
    public static func phase(of samples: ArraySlice<Double>, frequency: Double, sampleRate: Double, firstFrame: Int) -> (amplitude: Double, phase: Double) {
        let omega = 2 * Double.pi * frequency / sampleRate
        var cc = 0.0, ss = 0.0, cs = 0.0, xc = 0.0, xs = 0.0
        for (offset, x) in samples.enumerated() {
            let n = Double(firstFrame + offset)
            let c = cos(omega * n), s = sin(omega * n)
            cc += c * c; ss += s * s; cs += c * s; xc += x * c; xs += x * s
        }
        let determinant = cc * ss - cs * cs
        let a = (xc * ss - xs * cs) / determinant
        let b = (xs * cc - xc * cs) / determinant
        // a·cos + b·sin = A·sin(ωn + φ) with A·cos φ = b, A·sin φ = a
        return (sqrt(a * a + b * b), atan2(a, b))
    }

    /// Hann-windowed spectral power at `frequency`.
    static func power(_ samples: ArraySlice<Double>, at frequency: Double, sampleRate: Double) -> Double {
        let count = samples.count
        let step = 2 * Double.pi * frequency / sampleRate
        var re = 0.0, im = 0.0
        // Rotate a phasor instead of calling sin/cos per sample, re-anchoring every 1024 samples.
        var c = 1.0, s = 0.0
        let stepCos = cos(step), stepSin = sin(step)
        for (offset, x) in samples.enumerated() {
            if offset % 1024 == 0 { c = cos(step * Double(offset)); s = sin(step * Double(offset)) }
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(offset) / Double(count - 1))
            re += window * x * c
            im -= window * x * s
            (c, s) = (c * stepCos - s * stepSin, s * stepCos + c * stepSin)
        }
        return re * re + im * im
    }

    /// Period from a least-squares line through the times of upward zero crossings.
    static func zeroCrossingFrequency(_ samples: ArraySlice<Double>, sampleRate: Double) -> Double {
        var times: [Double] = []
        var previous = samples.first ?? 0
        for (offset, x) in samples.dropFirst().enumerated() {
            if previous < 0 && x >= 0 { times.append(Double(offset) + previous / (previous - x)) }
            previous = x
        }
        guard times.count >= 2 else { return 0 }
        let n = Double(times.count)
        let meanIndex = (n - 1) / 2, meanTime = times.reduce(0, +) / n
        var numerator = 0.0, denominator = 0.0
        for (index, time) in times.enumerated() {
            numerator += (Double(index) - meanIndex) * (time - meanTime)
            denominator += (Double(index) - meanIndex) * (Double(index) - meanIndex)
        }
        return sampleRate / (numerator / denominator)
    }
}
