import ArgumentParser
import PeachAudio
import PeachHost
import PeachText

/// `peach history`: looking after the history files themselves.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: localized(.helpHistoryAbstract),
        subcommands: [HistoryCheckCommand.self])
}
