import ArgumentParser
import PeachHost

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write your whole training history as CSV.",
        discussion: """
            RFC 4180 CSV with a header row, one row per answer in time order: \
            \(HistoryCSV.columns.joined(separator: ", ")). Times are UTC; frequencies in Hz; \
            response_ms in milliseconds; reference_hz is A4. `peach import` reads it back.
            """)

    @OptionGroup var data: DataOptions

    @Flag(help: "Write CSV (the only format for now).")
    var csv = false

    @Argument(help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"))
    var file: String?

    func validate() throws {
        guard csv else { throw ValidationError("Say which format: --csv.") }
    }

    func run() throws {
        let (bytes, answers, warnings) = try HistoryExport.csv(dataDirectory: try data.resolve())
        warnings.forEach(StandardError.warning)
        if let file {
            try AtomicFile.write(bytes, to: file)
            StandardError.write("Wrote \(answers) answers to \(file).\n")
        } else if !StandardOutput.write(bytes) {
            throw Failure("cannot write the export to standard output")
        }
    }
}
