import ArgumentParser
import PeachHost

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Count your training: pairs, time, keys, and how your median threshold has moved.",
        discussion: """
            Today and this week follow your local calendar; weeks start on Monday. Time spent \
            training adds up your sittings: answers less than two minutes apart belong to one \
            sitting, from the start of its first pair to its last answer. The median threshold \
            is over the keys you have trained, now and as your profile stood 30 days ago. \
            Progress shows that median at the end of each day, week or month.
            """)

    @OptionGroup var data: DataOptions

    @Flag(help: "Print JSON for other programs.")
    var json = false

    @Option(help: ArgumentHelp("Progress per day, week or month (default: days for a history up to two months, weeks up to two years, else months).",
                               valueName: "period"))
    var by: ProgressPeriod?

    func run() throws {
        let now = PersistentTraining.currentTime()
        let (statistics, warnings) = try TrainingStatistics.load(dataDirectory: try data.resolve(), now: now, period: by)
        warnings.forEach(StandardError.warning)
        if json {
            print(statistics.json())
            return
        }
        let width = TerminalWidth.current() - 1
        for line in Self.lines(statistics, width: width) { TextWrap.lines(line, width: width, indent: "  ").forEach { print($0) } }
    }

    static func lines(_ statistics: TrainingStatistics, width: Int) -> [String] {
        guard statistics.pairs > 0 else { return ["No answers yet: train with `peach train --headless`."] }
        var lines = [
            "Pairs: \(statistics.pairs) in all · \(statistics.pairsToday) today · \(statistics.pairsThisWeek) this week",
            "Time spent training: \(duration(statistics.trainingSeconds)) in \(statistics.sittings) \(statistics.sittings == 1 ? "sitting" : "sittings")",
            "Keys trained: \(statistics.keysTrained)",
        ]
        let now = statistics.medianThresholdNow.map(CentsText.text) ?? "none"
        let then = statistics.medianThresholdMonthAgo.map { "\(CentsText.text($0)) a month ago" } ?? "no answers a month ago yet"
        lines.append("Median threshold: \(now) now · \(then)")
        let progress = statistics.progress
        let period = progress.period.rawValue
        // As many of the latest periods as the width holds.
        let shown = ProgressSeries(period: progress.period, points: Array(progress.points.suffix(max(width - 2, 1))))
        let measured = shown.points.filter { $0.medianThreshold != nil }
        guard let first = measured.first, let last = measured.last, measured.count >= 2 else {
            return lines + ["Progress shows once you have trained in two different \(period)s."]
        }
        return lines + [
            "Progress, median threshold per \(period), lower is finer; a gap is a \(period) without training:",
            "  " + shown.sparkline,
            "  \(CentsText.text(first.medianThreshold!)) \(when(first, progress.period)) → \(CentsText.text(last.medianThreshold!)) \(when(last, progress.period))",
        ]
    }

    /// `on 2026-11-21`, `in the week of 2026-11-16`, `in 2026-11`.
    static func when(_ point: ProgressSeries.Point, _ period: ProgressPeriod) -> String {
        switch period {
        case .day: "on \(point.start)"
        case .week: "in the week of \(point.start)"
        case .month: "in \(point.start.prefix(7))"
        }
    }

    /// `3 h 25 min`, `12 min`, `40 s`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total < 60 { return "\(total) s" }
        let minutes = total / 60
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }
}

extension ProgressPeriod: ExpressibleByArgument {}
