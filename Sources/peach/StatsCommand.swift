import ArgumentParser
import PeachAudio
import PeachHistory
import PeachHost
import PeachReports
import PeachSupport
import PeachText

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: localized(.helpStatsAbstract),
        discussion: localized(.helpStatsDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach stats
              peach stats --by week
              peach stats --json
            """)

    @OptionGroup var data: DataOptions

    @Flag(help: ArgumentHelp(localized(.helpStatsJSON)))
    var json = false

    @Option(help: ArgumentHelp(localized(.helpStatsBy), valueName: localized(.valueNamePeriod)))
    var by: ProgressPeriod?

    func run() throws {
        let now = PersistentTraining.currentTime()
        let (statistics, warnings) = try TrainingStatistics.load(dataDirectory: try data.resolve(), now: now, period: by)
        warnings.forEach { StandardError.warning(said($0)) }
        if json {
            print(statistics.json())
            return
        }
        let width = TerminalSize.outputColumns() - 1
        for line in Self.lines(statistics, width: width) { TextWrap.lines(line, width: width, indent: "  ").forEach { print($0) } }
    }

    static func lines(_ statistics: TrainingStatistics, width: Int) -> [String] {
        guard statistics.pairs > 0 else { return [localized(.statsNoAnswers)] }
        var lines = [
            localized(.statsPairs, statistics.pairs, statistics.pairsToday, statistics.pairsThisWeek),
            localized(.statsTime, duration(statistics.trainingSeconds), statistics.sittings),
            localized(.statsKeys, statistics.keysTrained),
        ]
        let now = statistics.medianThresholdNow.map(CentsText.text) ?? localized(.statsMedianNone)
        let then = statistics.medianThresholdMonthAgo.map { localized(.statsMonthAgo, CentsText.text($0)) } ?? localized(.statsNoMonthAgo)
        lines.append(localized(.statsMedian, now, then))
        let progress = statistics.progress
        // As many of the latest periods as the width holds.
        let shown = ProgressSeries(period: progress.period, points: Array(progress.points.suffix(max(width - 2, 1))))
        let measured = shown.points.filter { $0.medianThreshold != nil }
        guard let first = measured.first, let last = measured.last, measured.count >= 2 else {
            // Older training lies before the periods shown: say that, not that there is too little of it.
            if let start = shown.points.first?.start, let firstAnswer = statistics.firstAnswer, firstAnswer < start {
                return lines + [progress.period.text(day: .progressOutsideDays, week: .progressOutsideWeeks, month: .progressOutsideMonths,
                                                     shown.points.count)]
            }
            return lines + [progress.period.progressShowsLater]
        }
        return lines + [
            progress.period.text(day: .statsProgressDays, week: .statsProgressWeeks, month: .statsProgressMonths),
            "  " + shown.sparkline,
            "  \(CentsText.text(first.medianThreshold!)) \(when(first, progress.period)) → \(CentsText.text(last.medianThreshold!)) \(when(last, progress.period))",
        ]
    }

    /// `on 2026-11-21`, `in the week of 2026-11-16`, `in 2026-11`.
    static func when(_ point: ProgressSeries.Point, _ period: ProgressPeriod) -> String {
        switch period {
        case .day: localized(.statsOnDay, point.start)
        case .week: localized(.statsInWeek, point.start)
        case .month: localized(.statsInMonth, point.start.prefix(7))
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

extension ProgressPeriod: WordArgument {}
