import Glibc

/// A logarithmic cents axis just wider than the data, with ticks on round
/// values: the 1–2–5 series (…, 0.5, 1, 2, 5, 10, 20, …) where it gives at
/// least three, finer series where the data span less. Thresholds span
/// orders of magnitude across a keyboard, which only a logarithmic axis shows evenly.
public struct CentsScale: Equatable, Sendable {
    public let bottom: Double
    public let top: Double

    /// Mantissas of the tick series, coarsest first.
    package static let tickSeries: [[Double]] = [[1, 2, 5], [1, 1.5, 2, 3, 5, 7], [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 7, 8, 9]]
    package static let margin = 1.08

    /// An axis covering `values` (cents; the positive ones count), at least a factor of two tall.
    public init(covering values: [Double]) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        var low = (positive.min() ?? 1) / Self.margin, high = (positive.max() ?? 100) * Self.margin
        if high / low < 2 {
            let middle = (low * high).squareRoot()
            (low, high) = (middle / 2.squareRoot(), middle * 2.squareRoot())
        }
        bottom = low
        top = high
    }

    /// Round values within the axis, from the bottom up.
    public var ticks: [Double] {
        var ticks: [Double] = []
        for series in Self.tickSeries {
            ticks = (-2...4).flatMap { decade in series.map { $0 * pow(10, Double(decade)) } }.filter { $0 >= bottom && $0 <= top }
            if ticks.count >= 3 { break }
        }
        return ticks
    }
    /// 0 at the top of the axis, 1 at the bottom; values beyond it are clamped.
    public func position(_ cents: Double) -> Double {
        let fraction = log(top / max(cents, 1e-9)) / log(top / bottom)
        return min(max(fraction, 0), 1)
    }

    /// Orders of magnitude the axis spans.
    public var decades: Double { log10(top / bottom) }
}
