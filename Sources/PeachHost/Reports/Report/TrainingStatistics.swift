import FoundationEssentials
import PeachHistory
import PeachTraining

/// `peach stats`: plain counts and medians from the history, no scores.
///
/// - Today and this week are local calendar days, the week starting on Monday.
/// - Time spent training: answers less than `sittingGap` apart belong to one
///   sitting, which lasts from the start of its first pair (its answer time
///   minus both notes and the response time) to its last answer. Pauses
///   longer than that count as breaks, not training.
/// - Keys trained: keys with at least one answer.
/// - Median threshold: over the trained keys, now and as the profile stood a
///   month (30 days) ago, rebuilt from the answers before then; nil if there
///   were none.
public struct TrainingStatistics: Codable, Equatable, Sendable {
    public var pairs: Int
    public var pairsToday: Int
    public var pairsThisWeek: Int
    public var trainingSeconds: Double
    public var sittings: Int
    public var keysTrained: Int
    public var medianThresholdNow: Double?
    public var medianThresholdMonthAgo: Double?
    /// UTC times (`2026-11-21T19:07:00.123Z`) of the first and latest answers.
    public var firstAnswer: String?
    public var latestAnswer: String?
    public var progress: ProgressSeries

    public static let sittingGap = 120.0

    /// - Parameters:
    ///   - answers: the whole history in time order.
    ///   - current: the profile now.
    public init(answers: [TrainingAnswer], current: ProfileReport, now: Double, calendar: LocalCalendar = .system,
                period: ProgressPeriod? = nil) {
        pairs = answers.count
        let today = calendar.day(of: now)
        let todayStart = calendar.start(of: today)
        let weekStart = calendar.start(of: calendar.periodStart(.week, of: today))
        pairsToday = answers.count { $0.time >= todayStart }
        pairsThisWeek = answers.count { $0.time >= weekStart }
        (trainingSeconds, sittings) = Self.timeSpent(answers)
        keysTrained = Set(answers.map(\.note)).count
        firstAnswer = answers.first.map { UTCTimestamp.format($0.time) }
        latestAnswer = answers.last.map { UTCTimestamp.format($0.time) }

        let evidence = answers.map(AnswerEvidence.init)
        let plan = ProgressSeries.plan(times: evidence.map(\.time), now: now, calendar: calendar, period: period)
        // One pass over the history serves both the month-ago profile and the progress points.
        let reports = ProfileTimeline.reports(evidence, before: [now - KeyTrend.month] + plan.moments, reference: current.reference)
        medianThresholdNow = current.medianThreshold.map(ProgressSeries.rounded)
        medianThresholdMonthAgo = reports[0]?.medianThreshold.map(ProgressSeries.rounded)
        progress = ProgressSeries(plan: plan, reports: Array(reports.dropFirst()), current: current)
    }

    package static func timeSpent(_ answers: [TrainingAnswer]) -> (seconds: Double, sittings: Int) {
        var seconds = 0.0, sittings = 0
        var start = 0.0, previous = -Double.infinity
        for answer in answers {
            if answer.time - previous > sittingGap {
                if sittings > 0 { seconds += previous - start }
                sittings += 1
                start = answer.time - 2 * answer.noteSeconds - answer.responseSeconds
            }
            previous = answer.time
        }
        if sittings > 0 { seconds += previous - start }
        return ((seconds * 1000).rounded() / 1000, sittings)  // to the millisecond, as the history's times
    }

    /// Reads the data folder and computes the statistics.
    public static func load(dataDirectory: String, now: Double = PersistentTraining.currentTime(), calendar: LocalCalendar = .system,
                            period: ProgressPeriod? = nil) throws(TrainingDataError) -> (statistics: TrainingStatistics, warnings: [HistoryWarning]) {
        let store: HistoryStore
        let history: HistoryRead
        do {
            store = try HistoryStore(directory: dataDirectory, creating: false)
            history = try store.readAll()
        } catch {
            throw .history(error)
        }
        let evidence = EvidenceRead(evidence: history.answers.map(AnswerEvidence.init), latest: history.answers.last, warnings: history.warnings)
        let (current, warnings) = try PersistentTraining.currentReport(store: store, history: evidence)
        return (TrainingStatistics(answers: history.answers, current: current, now: now, calendar: calendar, period: period), warnings)
    }

    public func json(pretty: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self)
    }
}
