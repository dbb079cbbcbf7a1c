import ArgumentParser
import PeachHost

struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Show your perceptual profile: the smallest difference you hear, key by key.",
        discussion: """
            The threshold of a key is the difference in cents you answer correctly 75% of \
            the time. The bands say how sure Peach is: the true value lies in the 80% band \
            four times out of five. The profile is rebuilt from the history whenever needed.
            """)

    @OptionGroup var data: DataOptions

    @Flag(help: "Print JSON for other programs: reference, answers and, per key, threshold, band80, band95 and answers.")
    var json = false

    func run() throws {
        let (report, warnings) = try PersistentTraining.currentReport(dataDirectory: try data.resolve())
        warnings.forEach(StandardError.warning)
        if json {
            print(report.json())
            return
        }
        Self.lines(for: report).forEach { print($0) }
    }

    /// The profile as a table, a key a line.
    static func lines(for report: ProfileReport) -> [String] {
        var lines = ["\(report.answers) answers · A4 = \(report.reference.compact) Hz · range \(report.range.low)–\(report.range.high)\(report.range.adaptive ? " (adaptive)" : "")",
                     "key    threshold   80% band          answers"]
        for note in report.notes {
            let name = note.name.padding(6)
            let threshold = "\(cents(note.threshold)) ¢".padding(12)
            let band = "\(cents(note.band80[0]))–\(cents(note.band80[1])) ¢".padding(18)
            lines.append("\(name) \(threshold)\(band)\(note.answers)")
        }
        return lines
    }

    static func cents(_ value: Double) -> String {
        value >= 10 ? String(Int(value.rounded())) : String((value * 10).rounded() / 10)
    }
}

extension String {
    /// Left-aligned in a column of `width` characters.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
