import PeachSupport

/// Inner-time practice: the metronome plays some bars, then falls silent for
/// some, and comes back on the beat to show whether the player kept time.
public struct MutedBars: Equatable, Codable, Sendable {
    public var played: Int
    public var muted: Int

    public init(played: Int, muted: Int) {
        self.played = played
        self.muted = muted
    }

    /// "N:M": play N bars, mute M.
    public static func parse(_ text: String) throws(MetronomeSetupError) -> MutedBars {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let played = Int(String(parts[0]).trimmingWhitespace()), let muted = Int(String(parts[1]).trimmingWhitespace()),
              (1...64).contains(played), (1...64).contains(muted) else { throw .badMutedBars(text) }
        return MutedBars(played: played, muted: muted)
    }

    /// Whether bar `bar` (0 = the first after any count-in) is silent.
    public func mutes(bar: Int64) -> Bool {
        bar % Int64(played + muted) >= Int64(played)
    }

    public var text: String { "\(played):\(muted)" }
}
