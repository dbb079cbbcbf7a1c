import ArgumentParser
import PeachAudio
import PeachHost
import PeachSupport
import PeachText

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: localized(.helpImportAbstract),
        discussion: localized(.helpImportDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach import history.csv
              peach import old-laptop.jsonl
              peach export --csv - --data-dir /mnt/old | peach import -
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp(localized(.helpImportFile), valueName: localized(.valueNameFile)))
    var file: String

    func run() throws {
        let outcome = try HistoryImport.run(file, dataDirectory: try data.resolve())
        outcome.warnings(in: Language.current).forEach(StandardError.warning)
        let skipped = outcome.read - outcome.added
        print(skipped > 0 ? localized(.importDoneSkipping, outcome.added, outcome.read, skipped) : localized(.importDone, outcome.added, outcome.read))
    }
}
