import ArgumentParser
import PeachHost
import PeachJournal
import PeachText

/// `peach journal restore DATE`: the day's deleted entries back from the trash.
struct JournalRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: localized(.helpJournalRestoreAbstract),
        discussion: localized(.helpJournalRestoreDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach journal restore 2026-11-20
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp(localized(.helpJournalDeleteDate), valueName: localized(.valueNameDate)))
    var date: String

    func validate() throws {
        _ = try checked { try JournalClock().date(date) }
    }

    func run() throws {
        let clock = JournalClock()
        let day = try clock.date(date)
        let restored = try data.journal().restore(day, now: clock.now)
        print(localized(.journalRestored, day, localized(.journalNotes, restored.count)))
    }
}
