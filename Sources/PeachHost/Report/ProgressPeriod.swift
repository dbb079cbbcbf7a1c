/// The span progress is aggregated over: one point per day, week (from Monday) or month.
public enum ProgressPeriod: String, Codable, CaseIterable, Sendable {
    case day, week, month

    /// Days for a history up to two months long, weeks up to two years, months beyond.
    public static func fitting(historyDays: Double) -> ProgressPeriod {
        historyDays <= 61 ? .day : historyDays <= 731 ? .week : .month
    }
}
