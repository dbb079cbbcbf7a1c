import ArgumentParser
import Glibc
import PeachAudio
import PeachHistory
import PeachHost
import PeachSupport
import PeachText

/// `peach history check`: every damaged line of every machine's history file,
/// by file and line; exit status 1 when there is any.
struct HistoryCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: localized(.helpHistoryCheckAbstract),
        discussion: localized(.helpHistoryCheckDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach history check
              peach history check --data-dir ~/Sync/peach
            """)

    @OptionGroup var data: DataOptions

    func run() throws {
        let store = try HistoryStore(directory: try data.resolve(), creating: false)
        let read = try store.readEvidence()
        // Torn tails and the like; the damaged lines are listed in full below instead.
        read.warnings.filter { warning in !read.damaged.contains { .damaged($0) == warning } }.forEach { StandardError.warning(said($0)) }
        // Answers dated after tomorrow read well and count as today's: a machine's clock set wrong, or a hand edit, to point out.
        let tomorrow = Double(time(nil)) + 86_400
        let future = read.evidence.filter { $0.time > tomorrow }
        if let latest = future.map(\.time).max() {
            StandardError.warning(localized(.historyCheckFuture, future.count, UTCTimestamp.format(latest)))
        }
        guard !read.damaged.isEmpty else {
            print(localized(.historyCheckClean, store.historyDirectory, read.evidence.count, try store.historyFileCount))
            return
        }
        for file in read.damaged {
            file.lines.forEach { print(localized(.fileLine, file.file, $0.number, said($0.reason))) }
            if file.count > file.lines.count { print(localized(.fileLine, file.file, "…", localized(.historyDamagedMore, file.count - file.lines.count))) }
        }
        StandardError.write(localized(.historyCheckSummary, read.damaged.reduce(0) { $0 + $1.count }, read.damaged.count) + "\n")
        throw ExitCode.failure
    }
}
