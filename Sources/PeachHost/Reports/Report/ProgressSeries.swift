import PeachHistory
import PeachTraining
/// Progress over time: for each day, week or month, the median threshold of
/// the trained keys as the profile stood at the end of it (rebuilt from the
/// answers up to then; see `ProfileTimeline`). The profile follows you with a
/// memory of about 20,000 answers, so each point is what Peach knew of your
/// hearing then, not a fit of that period's answers alone. A period without
/// answers has no point. The last period ends now and shows the profile now.
public struct ProgressSeries: Codable, Equatable, Sendable {
    public struct Point: Codable, Equatable, Sendable {
        /// The period's first day, local time: `2026-11-16`.
        public var start: String
        /// Answers given in the period.
        public var answers: Int
        /// Cents; nil when the period has no answers.
        public var medianThreshold: Double?
    }

    public var period: ProgressPeriod
    public var points: [Point]

    public init(period: ProgressPeriod, points: [Point]) {
        self.period = period
        self.points = points
    }

    /// At most this many periods, the latest, are shown.
    public static let maximumPoints = 60

    /// Which periods to show and the moments whose profiles they need.
    public struct Plan: Sendable {
        public var period: ProgressPeriod
        var starts: [LocalCalendar.Day] = []
        var answers: [Int] = []
        /// The end of every period but the last (which ends now).
        public var moments: [Double] = []
    }

    /// The periods from the first answer's to now's, the latest `maximumPoints`
    /// of them; `period` nil picks one that suits the history's length.
    public static func plan(times: [Double], now: Double, calendar: LocalCalendar, period: ProgressPeriod?) -> Plan {
        guard let first = times.first else { return Plan(period: period ?? .day) }
        let period = period ?? .fitting(historyDays: (now - first) / 86_400)
        var plan = Plan(period: period)
        var start = calendar.periodStart(period, of: calendar.day(of: first))
        let last = calendar.periodStart(period, of: calendar.day(of: max(now, times.last!)))
        var index = 0
        while start <= last {
            let next = calendar.periodAfter(period, startingOn: start)
            let end = calendar.start(of: next)
            var count = 0
            while index < times.count, times[index] < end || start == last {
                count += 1
                index += 1
            }
            plan.starts.append(start)
            plan.answers.append(count)
            if start != last { plan.moments.append(end) }
            start = next
        }
        let dropped = max(0, plan.starts.count - maximumPoints)
        plan.starts.removeFirst(dropped)
        plan.answers.removeFirst(dropped)
        plan.moments.removeFirst(min(dropped, plan.moments.count))
        return plan
    }

    /// The series from a plan, the profiles at its moments, and the profile now.
    public init(plan: Plan, reports: [ProfileReport?], current: ProfileReport) {
        period = plan.period
        points = plan.starts.indices.map { index in
            let report = index < reports.count ? reports[index] : current
            return Point(start: plan.starts[index].description, answers: plan.answers[index],
                         medianThreshold: plan.answers[index] > 0 ? report?.medianThreshold.map(Self.rounded) : nil)
        }
    }

    /// The series of a history on its own (for the SVG): one more pass over the answers.
    public init(evidence: [AnswerEvidence], current: ProfileReport, now: Double, calendar: LocalCalendar, period: ProgressPeriod? = nil) {
        let plan = Self.plan(times: evidence.map(\.time), now: now, calendar: calendar, period: period)
        self.init(plan: plan, reports: ProfileTimeline.reports(evidence, before: plan.moments, reference: current.reference), current: current)
    }

    /// One character per period, taller for a higher threshold on a
    /// logarithmic scale; a space for a period without answers.
    public var sparkline: String {
        Sparkline.text(points.map(\.medianThreshold))
    }

    package static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
