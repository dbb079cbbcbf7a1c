import ArgumentParser
import PeachHost

/// Loads one plugin library and prints what it offers as JSON. Peach runs this
/// in a child process for every library it finds, so that a plugin that
/// crashes or hangs while being examined cannot take Peach down.
struct PluginProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin-probe",
        abstract: "Describe one plugin library as JSON (used internally).",
        shouldDisplay: false)

    @Argument(help: "Path of the plugin library (.so).")
    var path: String

    func run() {
        print(ProbeReport.probeInProcess(path: path).json())
    }
}
