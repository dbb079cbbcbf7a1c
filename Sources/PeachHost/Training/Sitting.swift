/// One sitting of training, timed to suggest a break: short sittings learn
/// fastest (Molloy et al. 2012: sessions of about 8 minutes learned fastest
/// early on, sessions over an hour slowest). Only time spent on pairs
/// counts, each pair at most `longestPair` seconds, so a pause, a suspended
/// terminal or a long wait before an answer does not run the clock.
public struct Sitting: Sendable {
    /// Seconds of training after which a break is suggested, once; nil: never.
    public var breakAfter: Double?
    /// Seconds of training so far.
    public private(set) var trained = 0.0
    private var suggested = false

    /// A pair, from its first note to its answer, counts for at most this long.
    public static let longestPair = 20.0

    public init(breakAfterMinutes minutes: Double) {
        breakAfter = Self.seconds(minutes)
    }

    /// A break setting in minutes as seconds: 0 or less is never.
    public static func seconds(_ minutes: Double) -> Double? {
        minutes > 0 ? minutes * 60 : nil
    }

    /// Counts a pair answered `seconds` after it began; true once, for the
    /// pair that reaches `breakAfter`.
    public mutating func answered(after seconds: Double) -> Bool {
        trained += min(max(seconds, 0), Self.longestPair)
        guard !suggested, let breakAfter, trained >= breakAfter else { return false }
        suggested = true
        return true
    }
}
