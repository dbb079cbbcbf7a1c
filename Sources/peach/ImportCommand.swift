import ArgumentParser
import PeachHost

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Merge answers from a CSV export or a history file into your history.",
        discussion: """
            Takes a CSV written by `peach export --csv` or a history JSON-lines file. Answers \
            already in the history are left out, so importing a file twice changes nothing. \
            Every row is checked first: one bad row is reported with its line number and \
            nothing is imported. The new answers go into a file of their own in the history \
            folder, written all at once.
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("The CSV or JSON-lines file.", valueName: "file"))
    var file: String

    func run() throws {
        let outcome = try HistoryImport.run(file, dataDirectory: try data.resolve())
        outcome.warnings.forEach(StandardError.warning)
        let skipped = outcome.read - outcome.added
        print("Imported \(outcome.added) of \(outcome.read) answers" + (skipped > 0 ? " (\(skipped) already in the history)" : "") + ".")
    }
}
