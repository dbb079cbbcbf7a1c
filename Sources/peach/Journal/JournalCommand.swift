import ArgumentParser
import PeachHost
import PeachJournal
import PeachText

/// `peach journal`: notes by date, and the calendar (the default).
struct JournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: localized(.helpJournalAbstract),
        discussion: localized(.helpJournalDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach journal
              peach journal add Long tones, 20 min
              peach journal search vibrato
              peach journal calendar 2026-11 --plain
            """,
        subcommands: [JournalCalendarCommand.self, JournalAddCommand.self, JournalEditCommand.self, JournalListCommand.self, JournalSearchCommand.self,
                      JournalDeleteCommand.self, JournalRestoreCommand.self, JournalExportCommand.self],
        defaultSubcommand: JournalCalendarCommand.self)
}

extension DataOptions {
    /// The journal of this data folder.
    func journal() throws -> JournalStore {
        JournalStore(dataDirectory: try resolveFolder())
    }
}

/// Says each day file that could not be read, naming it; the others are still shown.
extension JournalError {
    /// A day that could not be read, as against a sync tool's copy beside one (which is only pointed out).
    var isUnread: Bool {
        if case .conflictCopy = self { return false }
        return true
    }
}

func warnAbout(_ problems: [JournalError]) {
    problems.forEach { StandardError.warning(said($0)) }
}
