import ArgumentParser
import Glibc
import PeachAudio
import PeachHost
import PeachSupport
import PeachText

/// Loads plugin libraries one after another and prints what each offers as
/// one line of JSON, the moment it is known. Peach runs this in a child
/// process, so that a plugin that crashes or hangs while being examined
/// cannot take Peach down; the lines written so far say how far it got.
struct PluginProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin-probe",
        abstract: localized(.helpProbeAbstract),
        shouldDisplay: false)

    @Argument(help: ArgumentHelp(localized(.helpProbePath), valueName: localized(.valueNamePath)))
    var paths: [String]

    func run() {
        Self.probe(paths)
    }

    static func probe(_ paths: [String]) {
        // The reports own standard output; whatever the plugins print goes to standard error.
        StandardOutput.reserveForPeach()
        for path in paths {
            StandardOutput.write(ProbeReport.probeInProcess(path: path, log: .command).json() + "\n")
        }
    }

    /// The paths of `plugin-probe PATH...` when that is the whole command
    /// line and no path looks like an option. Every discovery starts this
    /// child once per core, so it skips the argument parser, which is most of
    /// its start-up time (measured: 15 → 10 ms); anything else, `--help`
    /// included, goes through the parser as usual.
    static func directPaths(_ arguments: [String]) -> [String]? {
        guard arguments.count > 1, arguments[0] == "plugin-probe", !arguments.dropFirst().contains(where: { $0.hasPrefix("-") }) else { return nil }
        return Array(arguments.dropFirst())
    }
}
