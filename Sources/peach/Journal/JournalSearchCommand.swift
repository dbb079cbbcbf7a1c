import ArgumentParser
import PeachHost
import PeachJournal
import PeachText

/// `peach journal search WORDS`: entries whose text or take holds them.
struct JournalSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: localized(.helpJournalSearchAbstract),
        discussion: localized(.helpJournalSearchDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach journal search vibrato
              peach journal search bach --from 2026-11-01
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp(localized(.helpJournalSearchText), valueName: localized(.valueNameWords)))
    var words: [String]

    @OptionGroup var range: JournalRangeOptions

    @Flag(help: ArgumentHelp(localized(.helpJournalJSON)))
    var json = false

    func validate() throws {
        // Blank words are found in every note: a slip, not a search.
        if words.joined(separator: " ").trimmingWhitespace().isEmpty { throw ValidationError(localized(.journalSearchBlank)) }
    }

    func run() throws {
        let store = try data.journal()
        let (found, problems) = try store.search(words.joined(separator: " "), in: try range.range(JournalClock()))
        warnAbout(problems)
        if json {
            print(try CommandJSON.pretty(found.map { JournalJSON.Found(date: $0.date.description, entry: JournalJSON.Entry(number: $0.number, $0.entry)) }))
        } else if found.isEmpty {
            if problems.contains(where: \.isUnread) { throw ExitCode(1) }
            print(localized(.journalNoneFound))
        } else {
            // Grouped by day, each entry keeping its number within the day.
            var days: [(date: JournalDate, entries: [(number: Int, entry: JournalEntry)])] = []
            for hit in found {
                if days.last?.date != hit.date { days.append((hit.date, [])) }
                days[days.count - 1].entries.append((hit.number, hit.entry))
            }
            print(days.map { JournalListing.lines($0.date, $0.entries).joined(separator: "\n") }.joined(separator: "\n\n"))
        }
    }
}
