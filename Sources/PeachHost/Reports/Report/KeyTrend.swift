import PeachTraining
/// How one key's threshold has moved: the profile now against the profile as
/// it stood at an earlier moment (`since`), rebuilt from the answers before it.
///
/// The earlier moment is a month before the latest answer, so a pause in
/// training does not hide what the training before it did. A listener who
/// has trained for less than two months gets the moment halfway between
/// their first and latest answers instead, so that three weeks of training
/// already show a trend; less than a day, none.
public struct KeyTrend: Equatable, Sendable {
    public enum Change: String, Sendable {
        /// The threshold fell: the 80% bands then and now do not overlap.
        case lower
        /// The threshold rose: the 80% bands do not overlap.
        case higher
        /// The 80% bands overlap: no change that the answers can tell apart from chance.
        case unclear
    }

    public var since: Double
    /// The key as it stood then; nil if it had no answers yet.
    public var then: ProfileReport.Note?
    public var now: ProfileReport.Note

    public static let month = 30 * 86_400.0
    /// A history shorter than this shows no trend (`ProfileOverview.comparison`).
    public static let shortestHistory = 86_400.0

    /// The moment trends compare with, for a history from `firstAnswer` to `latestAnswer`.
    public static func comparisonMoment(firstAnswer: Double, latestAnswer: Double) -> Double {
        latestAnswer - min(month, max(0, latestAnswer - firstAnswer) / 2)
    }

    public init(since: Double, then: ProfileReport.Note?, now: ProfileReport.Note) {
        self.since = since
        self.then = then.flatMap { $0.answers > 0 ? $0 : nil }
        self.now = now
    }

    /// nil when there is nothing to compare with.
    public var change: Change? {
        guard let then else { return nil }
        if now.band80[1] < then.band80[0] { return .lower }
        if now.band80[0] > then.band80[1] { return .higher }
        return .unclear
    }

    /// Now against then, as a signed share: -0.33 is a third lower.
    public var relativeChange: Double? {
        then.map { now.threshold / $0.threshold - 1 }
    }
}
