import ArgumentParser
import PeachAudio
import PeachFiles
import PeachHistory
import PeachHost
import PeachMusic
import PeachReports
import PeachSupport
import PeachText

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: localized(.helpProfileAbstract),
        discussion: localized(.helpProfileDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach profile
              peach profile --note C4
              peach profile --svg profile.svg
              peach profile --json
            """)

    @OptionGroup var data: DataOptions

    @Flag(help: ArgumentHelp(localized(.helpProfileJSON)))
    var json = false

    @Option(name: .customLong("note"),
            help: ArgumentHelp(localized(.helpProfileNote), valueName: localized(.valueNameNote)))
    var note: String?

    @Option(help: ArgumentHelp(localized(.helpProfileSVG), valueName: localized(.valueNameFile)))
    var svg: String?

    func validate() throws {
        if json && (note != nil || svg != nil) { throw ValidationError(localized(.profileJSONAlone)) }
        try checkFileName(svg, given: "--svg", writing: .svg)
        _ = try chosenNote()
    }

    private func chosenNote() throws -> MIDINote? {
        guard let note else { return nil }
        return try checked(option: "--note", note, MIDINote.init(parsing:))
    }

    func run() throws {
        let directory = try data.resolve()
        if json {
            let (report, warnings) = try PersistentTraining.currentReport(dataDirectory: directory)
            warnings.forEach { StandardError.warning(said($0)) }
            print(try report.json())
            return
        }
        let chosen = try chosenNote()
        let now = PersistentTraining.currentTime()
        let (overview, warnings) = try ProfileOverview.load(dataDirectory: directory, trends: chosen != nil || svg != nil)
        warnings.forEach { StandardError.warning(said($0)) }
        let width = TerminalSize.outputColumns()
        let svgToStandardOutput = svg.map(PosixFile.isStandardOutput) ?? false
        if let svg {
            let progress = ProgressSeries(evidence: overview.evidence, current: overview.report, now: now, calendar: .system)
            try AtomicFile.writeNew(Array(ProfileSVG(overview: overview, progress: progress, now: now).document().utf8), to: svg)
            // Beside the picture, not in it: the picture may be standard output (`--svg -`).
            if !svgToStandardOutput {
                StandardError.write(localized(.profileWroteSVG, svg, overview.report.answers, overview.report.range.low, overview.report.range.high) + "\n")
            }
        }
        if let chosen {
            guard let detail = overview.detail(for: chosen) else {
                let range = overview.report.range
                throw Failure(localized(.profileNoteOutside, chosen.name, range.low, range.high))
            }
            detail.lines(now: now, width: width).forEach { print($0) }
        } else if !svgToStandardOutput {
            // The chart as without --svg, which writes the picture "also"; not into a picture on standard output.
            printChart(overview, width: width)
        }
    }

    static let weakSpotsListed = 6

    private func printChart(_ overview: ProfileOverview, width: Int) {
        let report = overview.report
        guard report.answers > 0 else {
            print(localized(.profileNoAnswers))
            return
        }
        let heading = localized(.profileHeading, report.answers, report.reference.compact)
        TextWrap.lines(heading, width: width - 1).forEach { print($0) }
        KeyboardChart(overview: overview).lines(width: width, colour: TerminalColour.enabled()).forEach { print($0) }
        TextWrap.lines(report.weakSpotsSentence(listing: Self.weakSpotsListed), width: width - 1).forEach { print($0) }
        print(localized(.profileOneKey))
    }
}
