import ArgumentParser
import PeachHost
import PeachJournal
import PeachText

/// `peach journal delete DATE [--entry N]`: to the trash, restorable for 30 days.
struct JournalDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: localized(.helpJournalDeleteAbstract),
        discussion: localized(.helpJournalDeleteDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach journal delete 2026-11-20
              peach journal delete today --entry 2
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp(localized(.helpJournalDeleteDate), valueName: localized(.valueNameDate)))
    var date: String

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpJournalDeleteEntry), valueName: "N"))
    var entry: Int?

    func validate() throws {
        _ = try checked { try JournalClock().date(date) }
        // Entries count from 1, as `journal list` numbers them; one past the day's last is found out when the day is read.
        if let entry, entry < 1 { throw ValidationError(localized(.journalEntryFromOne, entry)) }
    }

    func run() throws {
        let clock = JournalClock()
        let day = try clock.date(date)
        try data.journal().delete(day, entry: entry, now: clock.now)
        print(entry.map { localized(.journalDeletedEntry, day, $0) } ?? localized(.journalDeletedDay, day))
    }
}
