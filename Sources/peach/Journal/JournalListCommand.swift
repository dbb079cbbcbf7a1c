import ArgumentParser
import PeachHost
import PeachJournal
import PeachText

/// `peach journal list`: the notes, day by day.
struct JournalListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: localized(.helpJournalListAbstract),
        discussion: localized(.helpJournalListDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach journal list
              peach journal list --from 2026-11-01 --to 2026-11-30
              peach journal list --json
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var range: JournalRangeOptions

    @Flag(help: ArgumentHelp(localized(.helpJournalJSON)))
    var json = false

    func run() throws {
        let (all, problems) = try data.journal().days(in: try range.range(JournalClock()))
        warnAbout(problems)
        let days = all.filter { !$0.entries.isEmpty }
        if json {
            print(try JournalJSON.text(days.map { JournalJSON.Day($0) }))
        } else if days.isEmpty {
            print(localized(.journalNoNotesYet))
        } else {
            print(days.map { JournalListing.lines($0).joined(separator: "\n") }.joined(separator: "\n\n"))
        }
    }
}
