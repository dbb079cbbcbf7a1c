import Foundation

/// Where the energy of a short sound lies: its strongest frequency and its
/// spectral centroid (the power-weighted mean frequency, which rises with brightness).
public struct PowerSpectrum: Sendable {
    public let strongestHz: Double
    public let centroidHz: Double

    /// `samples`: the whole sound, unwindowed (a click starts at full level on purpose);
    /// zero-padded to eight times its length or more, for bins a few hertz apart.
    public init(_ samples: ArraySlice<Float>, sampleRate: Double) {
        var size = 1
        while size < 8 * samples.count { size <<= 1 }
        var re = [Double](repeating: 0, count: size), im = [Double](repeating: 0, count: size)
        for (offset, x) in samples.enumerated() { re[offset] = Double(x) }
        SpectralShift.fft(&re, &im)
        let power = (0..<size / 2).map { re[$0] * re[$0] + im[$0] * im[$0] }
        let binHz = sampleRate / Double(size)
        strongestHz = Double(power.indices.max { power[$0] < power[$1] }!) * binHz
        centroidHz = zip(power.indices, power).reduce(0) { $0 + Double($1.0) * binHz * $1.1 } / power.reduce(0, +)
    }
}
