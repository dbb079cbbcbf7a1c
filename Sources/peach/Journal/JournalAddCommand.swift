import ArgumentParser
import PeachHost
import PeachJournal
import PeachText

/// `peach journal add [WORDS...]`: a note now, or on a given day and time.
struct JournalAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: localized(.helpJournalAddAbstract),
        discussion: localized(.helpJournalAddDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach journal add Scales in G, slowly
              peach journal add --date yesterday --time 18:30
              peach journal add --take "2026-11-25 09-30" The shift is in tune now
              echo "Long tones, then the étude" | peach journal add -
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp(localized(.helpJournalText), valueName: localized(.valueNameWords)))
    var words: [String] = []

    @Option(help: ArgumentHelp(localized(.helpJournalDate), valueName: localized(.valueNameDate)))
    var date: String?

    @Option(help: ArgumentHelp(localized(.helpJournalTime), valueName: "HH:MM"))
    var time: String?

    @Option(help: ArgumentHelp(localized(.helpJournalTake), valueName: localized(.valueNameTake)))
    var take: String?

    func validate() throws {
        let clock = JournalClock()
        _ = try checked { try clock.date(date) }
        _ = try checked { try minute(clock) }
        if let take { try checked { try JournalEntry.checkTake(take) } }
    }

    private func minute(_ clock: JournalClock) throws(JournalError) -> Int {
        guard let time else { return clock.minute }
        guard let minute = JournalEntry.minute(parsing: time) else { throw .noSuchTime(time) }
        return minute
    }

    /// The take named, as the library knows it (a unique beginning is enough). One it does not
    /// have (recorded elsewhere, or deleted) is named as written, with a warning; an ambiguous name is an error.
    private func linkedTake() throws -> Take? {
        guard let take else { return nil }
        do {
            return try RecordingsOptions.take(take, in: TakeLibrary(dataDirectory: try data.resolve()))
        } catch NameLookupError.unknown {
            StandardError.warning(localized(.journalTakeNotRecorded, take))
            return nil
        }
    }

    func run() throws {
        let clock = JournalClock(), store = try data.journal()
        let linked = try linkedTake()
        let take = linked?.name ?? self.take
        let day = try date == nil && linked != nil ? JournalDate.local(at: Double(linked!.startTime)) : clock.date(date)
        let minute = try minute(clock)
        guard !words.isEmpty else {
            print(try JournalEditing(store: store).add(on: day, minute: minute, take: take))
            return
        }
        let text = (words == ["-"] ? Self.standardInput() : words.joined(separator: " ")).trimmingWhitespace()
        guard !text.isEmpty else {
            print(localized(.journalNothingAdded))
            return
        }
        do {
            try store.add(JournalEntry(minute: minute, text: text, take: take), on: day)
        } catch {
            // Read from standard input, the words are nowhere else now: said back rather than lost.
            guard words == ["-"] else { throw error }
            throw Failure(said(error) + "\n" + localized(.journalWordsNotSaved) + "\n" + text)
        }
        print(localized(.journalAdded, day, JournalEntry.time(of: minute)))
    }

    /// `-` for the words: all of standard input, for scripts and pipes (`fortune | peach journal add -`).
    private static func standardInput() -> String {
        var text = ""
        while let line = readLine(strippingNewline: false) { text += line }
        return text
    }
}
