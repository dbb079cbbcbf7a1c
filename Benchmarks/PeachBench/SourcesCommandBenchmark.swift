import Foundation
import PeachAudio
import PeachHost

/// Figure 3: wall time of `peach sources --plugin-path <release dir>` run as
/// a process, 11 times, from launch to exit: process start, argument parsing,
/// discovery with its probe children, printing. The standard folders are
/// searched too, as for any user (PEACH_PLUGIN_PATH is removed); the row says
/// how many libraries that makes. Baseline: `/bin/true` started the same way,
/// the cost of starting any process at all.
struct SourcesCommandBenchmark {
    static let targetMilliseconds = 150.0
    static let runs = 11

    let releaseDirectory: String

    func rows() throws -> [Row] {
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "PEACH_PLUGIN_PATH" }
        let command = [releaseDirectory + "/peach", "sources", "--plugin-path", releaseDirectory]
        let peach = try Measurement.repeated(Self.runs) { try ProcessRunner.time(command, environment: environment) }.map(\.milliseconds)
        let spawn = try Measurement.repeated(Self.runs) { try ProcessRunner.time(["/bin/true"]) }.map(\.milliseconds)
        let libraries = PluginSearchPath.standard(commandLine: [releaseDirectory], environment: environment,
                                                  executableDirectory: releaseDirectory).candidateLibraries().libraries.count
        let target = "< \(format(Self.targetMilliseconds, decimals: 0)) ms"
        return [
            .checked("3  peach sources, \(libraries) lib(s) (median of \(Self.runs))", target: target,
                     measured: "\(format(median(peach))) ms", baseline: "/bin/true \(format(median(spawn), decimals: 2)) ms",
                     passes: median(peach) < Self.targetMilliseconds),
            .checked("3  peach sources (max of \(Self.runs))", target: target,
                     measured: "\(format(peach.max()!)) ms", baseline: "/bin/true \(format(spawn.max()!, decimals: 2)) ms",
                     passes: peach.max()! < Self.targetMilliseconds),
        ]
    }
}
