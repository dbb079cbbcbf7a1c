import Foundation
import PeachAudio
import PeachHost
import PeachSupport

/// Timing helpers: everything is measured with ContinuousClock and reduced
/// to a median, which one slow run (a page fault, a scheduler hiccup) cannot move.
enum Measurement {
    static let clock = ContinuousClock()

    /// How long `body` takes.
    static func time(_ body: () throws -> Void) rethrows -> Duration {
        let start = clock.now
        try body()
        return clock.now - start
    }

    /// `count` timings of `body`, in order.
    static func repeated(_ count: Int, _ body: () throws -> Duration) rethrows -> [Duration] {
        try (0..<count).map { _ in try body() }
    }
}

/// The middle value (the mean of the two middle ones for an even count).
func median(_ values: [Double]) -> Double {
    guard let median = values.median else { preconditionFailure("median of nothing") }
    return median
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15 }
    var seconds: Double { milliseconds / 1e3 }
}

/// Fixed-point text for the table, e.g. `12.3`.
func format(_ value: Double, decimals: Int = 1) -> String {
    String(format: "%.\(decimals)f", value)
}
