import PeachSupport

/// How the beats of an odd meter fall into groups: 7 as 2+2+3, 5 as 3+2. The
/// first beat of each group is accented (the bar's first most strongly).
public enum BeatGrouping {
    /// "2+2+3" as [2, 2, 3]; each part 1 or more.
    public static func parse(_ text: String) throws(MetronomeSetupError) -> [Int] {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map { Int(String($0).trimmingWhitespace()) }
        guard !parts.isEmpty, parts.allSatisfy({ ($0 ?? 0) >= 1 }) else { throw .badGrouping(text) }
        return parts.map { $0! }
    }

    /// The accents a grouping implies: the bar's first beat strong, every other
    /// group's first normal, the rest weak.
    public static func accents(_ grouping: [Int]) -> [AccentLevel] {
        var levels: [AccentLevel] = []
        for group in grouping {
            levels.append(levels.isEmpty ? .strong : .normal)
            levels += Array(repeating: .weak, count: group - 1)
        }
        return levels
    }
}
