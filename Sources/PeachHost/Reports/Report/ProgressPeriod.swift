import PeachText
/// The span progress is aggregated over: one point per day, week (from Monday) or month.
public enum ProgressPeriod: String, Codable, CaseIterable, Sendable {
    case day, week, month

    /// Days for a history up to two months long, weeks up to two years, months beyond.
    public static func fitting(historyDays: Double) -> ProgressPeriod {
        historyDays <= 61 ? .day : historyDays <= 731 ? .week : .month
    }

    /// Of three texts, the one that speaks of this period. Each period has
    /// whole sentences of its own: in German, day, week and month differ in gender.
    public func text(day: TextKey, week: TextKey, month: TextKey, _ arguments: CustomStringConvertible...) -> String {
        let key = switch self {
        case .day: day
        case .week: week
        case .month: month
        }
        return localized(key, in: Language.current, arguments)
    }

    /// What shows instead of progress until there are two periods to compare.
    public var progressShowsLater: String {
        text(day: .progressLaterDays, week: .progressLaterWeeks, month: .progressLaterMonths)
    }
}
