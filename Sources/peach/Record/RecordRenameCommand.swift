import ArgumentParser
import PeachHost
import PeachText

/// `peach record rename OLD NEW`: a new name; the start time stays in the file. An existing name is refused.
struct RecordRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename", abstract: localized(.helpRecordRenameAbstract),
        discussion: localized(.helpExamples) + """

              peach record rename "2026-11-25 14-03-22" "Scales, slow"
              peach record rename Scales "Scales at 60"
            """)

    @Argument(help: ArgumentHelp(localized(.helpRecordTake), valueName: "take"))
    var take: String

    @Argument(help: ArgumentHelp(localized(.helpRecordNewName), valueName: "new-name"))
    var newName: String

    @OptionGroup var recordings: RecordingsOptions

    func validate() throws {
        _ = try checked { try TakeName.check(newName) }
    }

    func run() throws {
        let library = try recordings.open()
        let found = try RecordingsOptions.take(take, in: library)
        let renamed = try library.rename(found, to: newName)
        print(localized(.recordRenamed, found.name, renamed.name))
    }
}
