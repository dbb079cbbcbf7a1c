import PeachSupport

/// A tempo that climbs (or falls) by a step every few bars until it reaches
/// its goal, then holds: klick's `80-120/10` (one BPM every ten bars), with an
/// optional step, `80-120/4+5` (five BPM every four bars).
public struct TempoTrainer: Equatable, Codable, Sendable {
    public var from: Double
    public var to: Double
    public var everyBars: Int
    public var step: Double

    public static let everyRange = 1...64
    public static let stepRange = 0.1...100.0

    public init(from: Double, to: Double, everyBars: Int, step: Double = 1) {
        self.from = from
        self.to = to
        self.everyBars = everyBars
        self.step = step
    }

    /// "A-B/N" or "A-B/N+S".
    public static func parse(_ text: String) throws(MetronomeSetupError) -> TempoTrainer {
        let range = text.split(separator: "/", maxSplits: 1)
        guard range.count == 2 else { throw .badTrainer(text) }
        let ends = range[0].split(separator: "-", maxSplits: 1)
        let every = range[1].split(separator: "+", maxSplits: 1)
        guard ends.count == 2, let from = Double(String(ends[0]).trimmingWhitespace()), let to = Double(String(ends[1]).trimmingWhitespace()),
              let bars = Int(String(every[0]).trimmingWhitespace()) else { throw .badTrainer(text) }
        var step = 1.0
        if every.count == 2 {
            guard let value = Double(String(every[1]).trimmingWhitespace()) else { throw .badTrainer(text) }
            step = value
        }
        return TempoTrainer(from: from, to: to, everyBars: bars, step: step)
    }

    /// The tempo of bar `bar` (0 = the first bar after any count-in).
    public func tempo(inBar bar: Int64) -> Double {
        let steps = Double(bar / Int64(everyBars))
        return from <= to ? min(to, from + steps * step) : max(to, from - steps * step)
    }

    /// Bars until the goal is reached: after it the tempo holds.
    public var barsToGoal: Int64 {
        Int64((abs(to - from) / step).rounded(.up)) * Int64(everyBars)
    }

    public var text: String {
        "\(Self.number(from))-\(Self.number(to))/\(everyBars)" + (step == 1 ? "" : "+\(Self.number(step))")
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
