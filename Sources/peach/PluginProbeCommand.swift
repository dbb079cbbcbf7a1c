import ArgumentParser
import Glibc
import PeachHost

/// Loads one plugin library and prints what it offers as JSON. Peach runs this
/// in a child process for every library it finds, so that a plugin that
/// crashes or hangs while being examined cannot take Peach down.
struct PluginProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin-probe",
        abstract: localized(.helpProbeAbstract),
        shouldDisplay: false)

    @Argument(help: ArgumentHelp(localized(.helpProbePath), valueName: localized(.valueNamePath)))
    var path: String

    func run() {
        // The report owns standard output; whatever the plugin prints goes to standard error.
        let reportChannel = dup(1)
        dup2(2, 1)
        let report = ProbeReport.probeInProcess(path: path).json() + "\n"
        _ = report.withCString { write(reportChannel, $0, strlen($0)) }
    }
}
