import Glibc

/// A row of block characters, one per value, from ▁ (the smallest) to █ (the
/// largest) on a logarithmic scale; nil values are spaces.
public enum Sparkline {
    package static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    public static func text(_ values: [Double?]) -> String {
        let present = values.compactMap { $0 }.filter { $0 > 0 }
        guard let low = present.min(), let high = present.max() else { return String(repeating: " ", count: values.count) }
        return String(values.map { value in
            guard let value, value > 0 else { return " " }
            return levels[level(value, low: low, high: high)]
        })
    }

    /// 0...7: where `value` lies between `low` and `high`.
    package static func level(_ value: Double, low: Double, high: Double) -> Int {
        Int((fraction(value, low: low, high: high) * Double(levels.count - 1)).rounded())
    }

    /// 0 at `low`, 1 at `high`, logarithmically; one half when they are equal.
    public static func fraction(_ value: Double, low: Double, high: Double) -> Double {
        guard high > low * 1.0001 else { return 0.5 }
        return min(max(log(value / low) / log(high / low), 0), 1)
    }
}
