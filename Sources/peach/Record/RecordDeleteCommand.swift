import ArgumentParser
import Glibc
import PeachHost
import PeachText

/// `peach record delete TAKE`: to the trash, kept 30 days; `peach record restore` undoes it.
struct RecordDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: localized(.helpRecordDeleteAbstract),
        discussion: localized(.helpExamples) + """

              peach record delete "2026-11-25 14-03-22"
              peach record list --trash
            """)

    @Argument(help: ArgumentHelp(localized(.helpRecordTake), valueName: "take"))
    var take: String

    @OptionGroup var recordings: RecordingsOptions

    func run() throws {
        let library = try recordings.open()
        let found = try RecordingsOptions.take(take, in: library)
        try library.delete(found, now: Int64(time(nil)))
        print(localized(.recordDeleted, found.name, TakeLibrary.trashKeeps / 86_400, (found.name.hasPrefix("-") ? "-- " : "") + ShellWord.quoted(found.name)))
    }
}
