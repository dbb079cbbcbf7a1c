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
        let days = try range.range(JournalClock())
        let (all, problems) = try data.journal().days(in: days)
        warnAbout(problems)
        let written = all.filter { !$0.entries.isEmpty }
        if json {
            print(try CommandJSON.pretty(written.map { JournalJSON.Day($0) }))
        } else if written.isEmpty {
            // Days that could not be read are not "no notes": their warnings said why, and the status says it to a script.
            if problems.contains(where: \.isUnread) { throw ExitCode(1) }
            print(localized(days == nil ? .journalNoNotesYet : .journalNoneFound))
        } else {
            print(written.map { JournalListing.lines($0).joined(separator: "\n") }.joined(separator: "\n\n"))
        }
    }
}
