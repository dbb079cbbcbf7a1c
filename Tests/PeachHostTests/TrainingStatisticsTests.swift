import Foundation
import PeachAudio
import PeachHistory
import PeachHost
import PeachMusic
import PeachReports
import PeachSupport
import PeachTestSupport
import PeachTraining
import Testing

/// `peach stats` against a history built by hand, in a time zone one hour
/// east of UTC, so that local days and UTC days differ.
@Suite struct TrainingStatisticsTests {
    static let calendar = LocalCalendar.fixed(utcOffsetSeconds: 3600)
    /// Wednesday 2026-11-18, 12:00 local (11:00 UTC).
    static let now = 1_794_999_600.0

    static func time(_ iso: String) -> Double {
        ISO8601DateFormatter().date(from: iso)!.timeIntervalSince1970
    }

    /// Sittings: (start, answers, seconds apart, key). Every answer takes 0.5 s to answer, notes last 1 s.
    static let sittings: [(start: String, count: Int, spacing: Double, note: Int)] = [
        ("2026-10-10T10:00:00Z", 10, 3, 60),  // more than a month ago
        ("2026-11-10T18:00:00Z", 6, 5, 62),   // last week
        ("2026-11-15T23:30:00Z", 4, 4, 64),   // Monday 00:30 local: this week, though Sunday in UTC
        ("2026-11-16T10:00:00Z", 3, 2, 65),
        ("2026-11-16T10:10:04Z", 2, 3, 65),   // ten minutes later: a new sitting
        ("2026-11-17T22:50:00Z", 1, 3, 67),   // Tuesday 23:50 local: yesterday
        ("2026-11-17T23:30:00Z", 2, 3, 67),   // Wednesday 00:30 local: today
    ]
    /// The first sitting's differences and answers, to know the facts of C4.
    static let deltas = [10.0, 8, 6, 5, 4.2, 3, 2.5, 2, 1.5, 1]
    static let correct = [true, true, true, false, true, false, true, false, false, false]

    static let answers: [TrainingAnswer] = sittings.enumerated().flatMap { sitting, plan in
        (0..<plan.count).map { index in
            let delta = sitting == 0 ? deltas[index] : 5
            let right = sitting == 0 ? correct[index] : index % 2 == 0
            return answer(time(plan.start) + Double(index) * plan.spacing, note: plan.note, cents: delta, direction: right ? .higher : .lower,
                          correct: right, response: 0.5)
        }
    }

    static func report(_ answers: ArraySlice<TrainingAnswer>) -> ProfileReport {
        let profile = PersistentTraining.rebuild(answers.map(AnswerEvidence.init))
        return ProfileReport(profile: profile, range: TrainingRange.adaptive.resumed(from: profile.window), reference: 440)
    }

    @Test func countsMatchTheHandBuiltHistory() {
        let current = Self.report(Self.answers[...])
        let statistics = TrainingStatistics(answers: Self.answers, current: current, now: Self.now, calendar: Self.calendar, period: .week)
        #expect(statistics.pairs == 28)
        #expect(statistics.pairsToday == 2)
        #expect(statistics.pairsThisWeek == 4 + 3 + 2 + 1 + 2)
        #expect(statistics.sittings == 7)
        // Each sitting from its first pair's start (answer time minus 2 s of notes and 0.5 s to answer) to its last answer.
        #expect(abs(statistics.trainingSeconds - (29.5 + 27.5 + 14.5 + 6.5 + 5.5 + 2.5 + 5.5)) < 1e-6, "\(statistics.trainingSeconds)")
        #expect(statistics.keysTrained == 5)
        #expect(statistics.firstAnswer == "2026-10-10T10:00:00.000Z" && statistics.latestAnswer == "2026-11-17T23:30:03.000Z")

        // A month ago only the first sitting had been given: C4 alone was trained.
        let monthAgo = Self.report(Self.answers.prefix(10))
        #expect(statistics.medianThresholdMonthAgo == monthAgo.note(60)!.threshold)
        #expect(statistics.medianThresholdNow == [60, 62, 64, 65, 67].map { current.note($0)!.threshold }.median)
    }

    @Test func progressIsTheMedianAtTheEndOfEachWeekWithGapsForWeeksWithoutTraining() throws {
        let current = Self.report(Self.answers[...])
        let progress = TrainingStatistics(answers: Self.answers, current: current, now: Self.now, calendar: Self.calendar, period: .week).progress
        #expect(progress.period == .week)
        #expect(progress.points.map(\.start) == ["2026-10-05", "2026-10-12", "2026-10-19", "2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"])
        #expect(progress.points.map(\.answers) == [10, 0, 0, 0, 0, 6, 12])
        let medians = progress.points.map(\.medianThreshold)
        #expect(medians[0] == Self.report(Self.answers.prefix(10)).note(60)!.threshold)
        #expect(medians[1...4].allSatisfy { $0 == nil })
        let lastWeek = try #require(Self.report(Self.answers.prefix(16)).medianThreshold)
        #expect(abs(try #require(medians[5]) / lastWeek - 1) < 0.02, "the profile at the end of the week of 2026-11-09")
        #expect(medians[6] == current.medianThreshold.map { ($0 * 100).rounded() / 100 })
        let sparkline = Array(progress.sparkline)
        #expect(sparkline.count == 7 && sparkline[1...4].allSatisfy { $0 == " " } && !sparkline[5].isWhitespace)
    }

    @Test func thePeriodFollowsTheHistorysLengthUnlessChosen() {
        let current = Self.report(Self.answers[...])
        let daily = TrainingStatistics(answers: Self.answers, current: current, now: Self.now, calendar: Self.calendar).progress
        #expect(daily.period == .day && daily.points.count == 40 && daily.points.first?.start == "2026-10-10")
        #expect(daily.points.map(\.answers).reduce(0, +) == 28)
        #expect(daily.points.last!.answers == 2, "today, local time")
        let monthly = TrainingStatistics(answers: Self.answers, current: current, now: Self.now, calendar: Self.calendar, period: .month).progress
        #expect(monthly.points.map(\.start) == ["2026-10-01", "2026-11-01"] && monthly.points.map(\.answers) == [10, 18])
        #expect(ProgressPeriod.fitting(historyDays: 21) == .day && ProgressPeriod.fitting(historyDays: 200) == .week
                && ProgressPeriod.fitting(historyDays: 1000) == .month)
    }

    @Test func anEmptyHistoryHasNothingToCount() {
        let empty = ProfileReport(profile: PerceptualProfile(), range: .adaptive, reference: 440)
        let statistics = TrainingStatistics(answers: [], current: empty, now: Self.now, calendar: Self.calendar)
        #expect(statistics.pairs == 0 && statistics.trainingSeconds == 0 && statistics.keysTrained == 0)
        #expect(statistics.medianThresholdNow == nil && statistics.medianThresholdMonthAgo == nil && statistics.progress.points.isEmpty)
    }

    // MARK: one key

    @Test func aKeysDetailStatesItsFacts() throws {
        let current = Self.report(Self.answers[...])
        let overview = ProfileOverview(report: current, evidence: Self.answers.map(AnswerEvidence.init))
        let facts = overview.facts[60]
        #expect(facts.answers == 10 && facts.correct == 5 && facts.smallestCorrect == 2.5 && facts.lastTrained == Self.time("2026-10-10T10:00:27Z"))
        let lines = try #require(overview.detail(for: MIDINote(number: 60)!)).lines(now: Self.now, calendar: Self.calendar)
        let note = current.note(60)!
        #expect(lines[0] == "C4")
        #expect(lines[1] == "threshold \(CentsText.text(note.threshold)) · 80% band \(CentsText.band(note.band80)) · 95% band \(CentsText.band(note.band95))")
        #expect(lines[2] == "10 answers · 50% correct · smallest difference answered correctly 2.5\u{A0}¢")
        #expect(lines[3] == "last trained 2026-10-10 11:00 (39 days ago)")
        #expect(lines.count == 4, "no trend was asked for")
        for width in [30, 50] {
            #expect(try #require(overview.detail(for: MIDINote(number: 60)!)).lines(now: Self.now, calendar: Self.calendar, width: width)
                .allSatisfy { $0.unicodeScalars.count <= width })
        }
        let untrained = try #require(overview.detail(for: MIDINote(number: 61)!)).lines(now: Self.now, calendar: Self.calendar)
        #expect(untrained.contains("no answers yet: the threshold is inferred from the neighbouring keys"))
        #expect(overview.detail(for: MIDINote(number: 30)!) == nil, "outside the range")
    }

    @Test func theTrendComparesWithAMonthBeforeTheLatestAnswerOrHalfwayForShortHistories() {
        let day = 86_400.0
        #expect(KeyTrend.comparisonMoment(firstAnswer: 0, latestAnswer: 21 * day) == 10.5 * day)
        #expect(KeyTrend.comparisonMoment(firstAnswer: 0, latestAnswer: 365 * day) == 335 * day)
    }

    /// A first sitting compared with its own first half is noise: no trend before a day of history.
    @Test func aHistoryOfLessThanADayHasNoTrend() throws {
        let sitting = simulatedHistory(count: 400, keys: 60...64, start: 1_790_000_000, spacing: 20, seed: 3) { _ in 30 }.map(AnswerEvidence.init)
        #expect(ProfileOverview.comparison(sitting, reference: 440) == nil)
        let report = ProfileReport(profile: PersistentTraining.rebuild(sitting), range: .adaptive, reference: 440)
        let overview = ProfileOverview(report: report, evidence: sitting, comparison: ProfileOverview.comparison(sitting, reference: 440))
        let lines = try #require(overview.detail(for: MIDINote(number: 62)!)).lines(now: sitting.last!.time, calendar: .fixed(utcOffsetSeconds: 0))
        #expect(!lines.contains { $0.hasPrefix("trend") }, "\(lines)")
        let nextDay = sitting + simulatedHistory(count: 10, keys: 60...64, start: 1_790_000_000 + 86_400, spacing: 20, seed: 4) { _ in 30 }
            .map(AnswerEvidence.init)
        #expect(ProfileOverview.comparison(nextDay, reference: 440) != nil)
    }

    @Test func aListenerWhoImprovedSeesTheTrend() throws {
        // Two days at 40 cents on C4-E4, then, ten weeks later, two days at 10 cents on C4-F#4. The profile remembers
        // about 20,000 answers, so the old ones still weigh in: the threshold falls by more than a third, not to a quarter.
        let before = simulatedHistory(count: 1500, keys: 60...64, start: 1_790_000_000, spacing: 100, seed: 1) { _ in 40 }
        let after = simulatedHistory(count: 1500, keys: 60...66, start: 1_790_000_000 + 70 * 86_400, spacing: 100, seed: 2) { _ in 10 }
        let evidence = (before + after).map(AnswerEvidence.init)
        let profile = PersistentTraining.rebuild(evidence)
        let report = ProfileReport(profile: profile, range: TrainingRange.adaptive.resumed(from: profile.window), reference: 440)
        let overview = ProfileOverview(report: report, evidence: evidence, comparison: ProfileOverview.comparison(evidence, reference: 440))
        let moment = try #require(overview.comparison).moment
        #expect(moment == evidence.last!.time - 30 * 86_400)

        let trend = try #require(overview.detail(for: MIDINote(number: 62)!)?.trend)
        #expect(trend.change == .lower && trend.relativeChange! < -0.3, "\(trend)")
        let line = try #require(overview.detail(for: MIDINote(number: 62)!)).lines(now: evidence.last!.time, calendar: .fixed(utcOffsetSeconds: 0)).last!
        #expect(line.hasPrefix("trend: ") && line.contains(" on 2026-11-02 → ") && line.contains("% lower; better: the 80% bands then and now do not overlap"), "\(line)")

        let newKey = try #require(overview.detail(for: MIDINote(number: 66)!)?.trend)
        #expect(newKey.then == nil && newKey.change == nil)
    }
}
