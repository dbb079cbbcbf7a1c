import ArgumentParser
import Glibc
import PeachAudio
import PeachHost
import PeachText

/// Runs one sound source in a process of its own and serves the Peach that
/// started it (`BridgeServer`): a crash or hang in the plugin then ends this
/// process, not Peach. Peach starts it; people do not.
struct PluginBridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin-bridge",
        abstract: localized(.helpBridgeAbstract),
        shouldDisplay: false)

    @Argument(help: ArgumentHelp(localized(.helpProbePath), valueName: localized(.valueNamePath)))
    var library: String

    @Argument(help: ArgumentHelp(localized(.helpBridgeSource)))
    var source: String

    func run() throws {
        let status = BridgeServer.run(libraryPath: library, sourceID: source, log: .command)
        if status != 0 { throw ExitCode(status) }
    }
}
