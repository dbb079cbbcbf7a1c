import Foundation

/// How many cents one sound lies above another, for sounds with no single
/// pitch to follow: an ensemble's spectrum is a cluster of partials forty
/// cents wide, whose strongest line wanders as the players beat. Moving a
/// sound by c cents scales every partial's frequency by 2^(c/1200), so this
/// finds the scale that best lays one spectrum over the other. The spectra
/// are compared as square roots of magnitudes, so that the many weaker
/// partials count as well as the few strongest, which beat and wander most.
public enum SpectralShift {
    /// A span's spectrum, ready to compare.
    public struct Spectrum: Sendable {
        let values: [Double]
        let binHz: Double

        /// `samples`: one second or so of a steady part of a note.
        public init(_ samples: ArraySlice<Float>, sampleRate: Double) {
            let size = 1 << 18  // zero-padded: bins 0.18 Hz apart at 48 kHz, a tenth of a Hann main lobe for one second
            values = SpectralShift.rootSpectrum(samples, size: size)
            binHz = sampleRate / Double(size)
        }

        /// How alike two spectra are: 1 for the same shape, less the more they differ
        /// (the cosine between them, up to 16 kHz).
        public func similarity(to other: Spectrum) -> Double {
            let last = min(Int(16000 / binHz), values.count, other.values.count)
            var dot = 0.0, a = 0.0, b = 0.0
            for bin in 0..<last {
                dot += values[bin] * other.values[bin]
                a += values[bin] * values[bin]
                b += other.values[bin] * other.values[bin]
            }
            return dot / (a * b).squareRoot()
        }
    }

    /// Cents from `lower` to `upper`, searched within
    /// ±`range` of `guess`; nil if the best fit lies at the edge of the search.
    /// `fundamental` bounds the band compared: from below the fundamental up to
    /// its eighth harmonic or 2 kHz, whichever is higher (low notes need many
    /// partials to pin them down), and 16 kHz at most.
    public static func cents(from lower: Spectrum, to upper: Spectrum, fundamental: Double, guess: Double, range: Double = 5) -> Double? {
        let a = lower.values, b = upper.values, binHz = lower.binHz
        let first = Int(0.8 * fundamental / binHz), last = min(Int(min(max(8 * fundamental, 2000), 16000) / binHz), a.count - 2)
        func overlap(_ cents: Double) -> Double {
            let scale = pow(2, -cents / 1200)
            var dot = 0.0, norm = 0.0
            for bin in first...last {
                let source = Double(bin) * scale
                let index = Int(source), fraction = source - Double(index)
                let value = a[index] + fraction * (a[index + 1] - a[index])
                dot += value * b[bin]
                norm += value * value
            }
            return dot / norm.squareRoot()
        }
        // A grid a quarter of a cent fine (the overlap peak is wider), then golden-section search around its best point.
        let steps = Int(range * 4)
        var bestStep = -steps, bestOverlap = -Double.infinity
        for step in -steps...steps {
            let value = overlap(guess + Double(step) / 4)
            if value > bestOverlap { (bestStep, bestOverlap) = (step, value) }
        }
        guard abs(bestStep) < steps else { return nil }
        var low = guess + Double(bestStep - 1) / 4, high = guess + Double(bestStep + 1) / 4
        let ratio = (5.0.squareRoot() - 1) / 2
        while high - low > 1e-4 {
            let c = high - ratio * (high - low), d = low + ratio * (high - low)
            if overlap(c) > overlap(d) { high = d } else { low = c }
        }
        return (low + high) / 2
    }

    /// √|DFT| of the Hann-windowed span, zero-padded to `size` (a power of two).
    static func rootSpectrum(_ samples: ArraySlice<Float>, size: Int) -> [Double] {
        var re = [Double](repeating: 0, count: size), im = [Double](repeating: 0, count: size)
        let count = samples.count
        for (offset, x) in samples.enumerated() {
            re[offset] = Double(x) * (0.5 - 0.5 * cos(2 * Double.pi * Double(offset) / Double(count - 1)))
        }
        fft(&re, &im)
        return (0..<size / 2).map { (re[$0] * re[$0] + im[$0] * im[$0]).squareRoot().squareRoot() }
    }

    /// In-place iterative radix-2 FFT.
    static func fft(_ re: inout [Double], _ im: inout [Double]) {
        let n = re.count
        var j = 0
        for i in 1..<n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { re.swapAt(i, j); im.swapAt(i, j) }
        }
        var length = 2
        while length <= n {
            let angle = -2 * Double.pi / Double(length)
            let stepRe = cos(angle), stepIm = sin(angle)
            for start in stride(from: 0, to: n, by: length) {
                var wRe = 1.0, wIm = 0.0
                for k in 0..<length / 2 {
                    let u = start + k, v = u + length / 2
                    let tRe = re[v] * wRe - im[v] * wIm, tIm = re[v] * wIm + im[v] * wRe
                    re[v] = re[u] - tRe; im[v] = im[u] - tIm
                    re[u] += tRe; im[u] += tIm
                    (wRe, wIm) = (wRe * stepRe - wIm * stepIm, wRe * stepIm + wIm * stepRe)
                }
            }
            length <<= 1
        }
    }
}
