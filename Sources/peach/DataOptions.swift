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

    /// An empty folder would fall back to the usual one, where a script meant
    /// another (`--data-dir "$UNSET"` training into the user's own history).
    func validate() throws {
        if directory?.isEmpty == true { throw ValidationError(localized(.dataDirEmpty)) }
    }

    func resolve() throws -> String {
        try DataDirectory.resolve(override: directory)
    }

    /// The data folder, for the recorder and the journal, which list it
    /// without making it: a file in its place is named rather than listed as
    /// a folder holding nothing.
    func resolveFolder() throws -> String {
        let path = try resolve()
        try DataDirectory.requireFolderIfPresent(path)
        return path
    }
}
