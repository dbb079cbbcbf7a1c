import ArgumentParser
import PeachHost
import PeachJournal
import PeachText

extension JournalExport.Format: WordArgument {
    public static var otherWords: [String: Self] { ["md": .markdown, "txt": .text] }
}

/// `peach journal export`: the notes as one document, on standard output or in a new file.
struct JournalExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: localized(.helpJournalExportAbstract),
        discussion: localized(.helpJournalExportDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach journal export --from 2026-11-01 --output november.md
              peach journal export --format text | less
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var range: JournalRangeOptions

    @Option(help: ArgumentHelp(localized(.helpJournalFormat)))
    var format: JournalExport.Format?

    @Option(help: ArgumentHelp(localized(.helpJournalOutput), valueName: localized(.valueNameFile)))
    var output: String?

    func validate() throws {
        try checkFileName(output, given: "--output", writing: .journal)
        if let format, let named = Self.format(named: output), named != format {
            throw ValidationError(localized(.formatAgainstEnding, format.rawValue, output!, named == .text ? "txt" : "md"))
        }
    }

    /// The format a file's ending promises (`.txt` text, `.md` Markdown), if it promises one.
    private static func format(named file: String?) -> JournalExport.Format? {
        guard let file, let dot = file.lastIndex(of: ".") else { return nil }
        return JournalExport.Format(argument: String(file[file.index(after: dot)...]))
    }

    func run() throws {
        let (all, problems) = try data.journal().days(in: try range.range(JournalClock()))
        warnAbout(problems)
        let days = all.filter { !$0.entries.isEmpty }
        let bytes = Array(JournalExport.document(days, format: format ?? Self.format(named: output) ?? .markdown).utf8)
        guard let output else {
            guard StandardOutput.write(bytes) else { throw Failure(localized(.exportCannotWrite)) }
            return
        }
        try AtomicFile.writeNew(bytes, to: output)
        guard !PosixFile.isStandardOutput(output) else { return }
        StandardError.write(localized(.journalExportWrote, localized(.journalNotes, days.reduce(0) { $0 + $1.entries.count }), output) + "\n")
    }
}
