import ArgumentParser
import PeachAudio
import PeachHistory
import PeachHost
import PeachText

/// Where the training history and profile live; shared by every command that reads or writes them.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp(localized(.helpDataDir), valueName: localized(.valueNameFolder)))
    var directory: String?

    func resolve() throws -> String {
        try DataDirectory.resolve(override: directory)
    }
}
