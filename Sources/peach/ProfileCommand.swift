import ArgumentParser
import PeachHost

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show your perceptual profile: the smallest difference you hear, key by key.",
        discussion: """
            The threshold of a key is the difference in cents you answer correctly 75% of \
            the time. The bands say how sure Peach is: the true value lies in the 80% band \
            four times out of five. The chart fits the terminal's width (COLUMNS); colour \
            is used on a terminal unless NO_COLOR is set. A trend compares the profile now \
            with the profile a month before your latest answer (or halfway back to your \
            first answer, if you have trained for less than two months).
            """)

    @OptionGroup var data: DataOptions

    @Flag(help: "Print JSON for other programs: reference, answers and, per key, threshold, band80, band95 and answers.")
    var json = false

    @Option(name: .customLong("note"),
            help: ArgumentHelp("Show one key in detail: threshold, bands, answers, share correct, last trained, trend.", valueName: "note"))
    var note: String?

    @Option(help: ArgumentHelp("Also write the profile as an SVG picture, with each key's detail as its hover title.", valueName: "file"))
    var svg: String?

    func validate() throws {
        if json && (note != nil || svg != nil) { throw ValidationError("--json prints the whole profile; leave out --note and --svg.") }
        _ = try chosenNote()
    }

    private func chosenNote() throws -> MIDINote? {
        guard let note else { return nil }
        do { return try MIDINote(parsing: note) } catch { throw ValidationError("--note \(note): \(error.description)") }
    }

    func run() throws {
        let directory = try data.resolve()
        if json {
            let (report, warnings) = try PersistentTraining.currentReport(dataDirectory: directory)
            warnings.forEach(StandardError.warning)
            print(report.json())
            return
        }
        let chosen = try chosenNote()
        let now = PersistentTraining.currentTime()
        let (overview, warnings) = try ProfileOverview.load(dataDirectory: directory, trends: chosen != nil || svg != nil)
        warnings.forEach(StandardError.warning)
        let width = TerminalWidth.current()
        if let svg {
            let progress = ProgressSeries(evidence: overview.evidence, current: overview.report, now: now, calendar: .system)
            try AtomicFile.write(Array(ProfileSVG(overview: overview, progress: progress, now: now).document().utf8), to: svg)
            print("Wrote \(svg): \(overview.report.answers) answers, \(overview.report.range.low)–\(overview.report.range.high).")
        }
        if let chosen {
            guard let detail = overview.detail(for: chosen) else {
                let range = overview.report.range
                throw Failure("\(chosen.name) is outside your profile's range, \(range.low)–\(range.high): it has no answers yet")
            }
            detail.lines(now: now, width: width).forEach { print($0) }
        } else if svg == nil {
            printChart(overview, width: width)
        }
    }

    static let weakSpotsListed = 6

    private func printChart(_ overview: ProfileOverview, width: Int) {
        let report = overview.report
        guard report.answers > 0 else {
            print("No answers yet: train with `peach train --headless`, and your profile appears here.")
            return
        }
        let heading = "Threshold per key in cents (lower is finer) · \(report.answers) answers · A4 = \(report.reference.compact) Hz"
        TextWrap.lines(heading, width: width - 1).forEach { print($0) }
        KeyboardChart(overview: overview).lines(width: width, colour: TerminalColour.enabled()).forEach { print($0) }
        let weak = report.notes.filter { overview.weakKeys.contains($0.note) }
            .sorted { ProfileReport.registerLevel($0.threshold, note: $0.note) > ProfileReport.registerLevel($1.threshold, note: $1.note) }
        let listed = weak.prefix(Self.weakSpotsListed).map { "\($0.name) \(CentsText.text($0.threshold))" }.joined(separator: ", ")
        let weakText = weak.isEmpty ? "Weak spots: none stands out yet."
            : "Weak spots, weakest first: " + listed + (weak.count > Self.weakSpotsListed ? " and \(weak.count - Self.weakSpotsListed) more" : "") + "."
        TextWrap.lines(weakText, width: width - 1).forEach { print($0) }
        print("One key in detail: peach profile --note C4")
    }
}
