import ArgumentParser
import PeachHost
import PeachJournal
import PeachText

/// `peach journal edit [DATE]`: the day's file in the user's editor.
struct JournalEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: localized(.helpJournalEditAbstract),
        discussion: localized(.helpJournalEditDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach journal edit
              peach journal edit 2026-11-20
              EDITOR=nano peach journal edit yesterday
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp(localized(.helpJournalEditDate), valueName: localized(.valueNameDate)))
    var date: String?

    func validate() throws {
        _ = try checked { try JournalClock().date(date) }
    }

    func run() throws {
        let clock = JournalClock()
        print(try JournalEditing(store: try data.journal()).edit(try clock.date(date), minute: clock.minute, now: clock.now))
    }
}
