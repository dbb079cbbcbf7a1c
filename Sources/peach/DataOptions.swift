import ArgumentParser
import PeachHost

/// Where the training history and profile live; shared by every command that reads or writes them.
struct DataOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("The data folder (default: $XDG_DATA_HOME/peach, or ~/.local/share/peach).", valueName: "dir"))
    var directory: String?

    func resolve() throws -> String {
        try DataDirectory.resolve(override: directory)
    }
}
