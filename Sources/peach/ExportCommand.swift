import ArgumentParser
import PeachAudio
import PeachFiles
import PeachHost
import PeachSupport
import PeachText

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: localized(.helpExportAbstract),
        discussion: localized(.helpExportDiscussion, HistoryCSV.columns.joined(separator: ", ")) + "\n\n" + localized(.helpExamples) + """

              peach export history.csv
              peach export --csv - | grep G4
            """)

    @OptionGroup var data: DataOptions

    @Flag(help: ArgumentHelp(localized(.helpExportCSV)))
    var csv = false

    @Argument(help: ArgumentHelp(localized(.helpExportFile), valueName: localized(.valueNameFile)))
    var file: String?

    // CSV is the default (and for now the only format): `peach export` alone
    // writes it to standard output, as the help says; a name ending otherwise than .csv or .txt is refused.
    func validate() throws {
        try checkFileName(file, given: "<file>", writing: .csv)
    }

    func run() throws {
        let (bytes, answers, warnings) = try HistoryExport.csv(dataDirectory: try data.resolve())
        warnings.forEach { StandardError.warning(said($0)) }
        if let file {
            try AtomicFile.writeNew(bytes, to: file)
            if !PosixFile.isStandardOutput(file) { StandardError.write(localized(.exportWrote, answers, file) + "\n") }
        } else if !StandardOutput.write(bytes) {
            throw Failure(localized(.exportCannotWrite))
        }
    }
}
