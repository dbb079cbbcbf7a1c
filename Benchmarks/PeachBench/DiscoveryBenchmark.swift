import Glibc
import PeachAudio
import PeachHost

/// Figure 2: from nothing to the first rendered block, in three parts:
///   (a) discovery: list the `.so` files of the release folder (the only
///       folder searched, so the user's plugin folders do not interfere) and
///       probe each in a `peach plugin-probe` child process -> SourceCatalog;
///   (b) load: catalog.makeInstance: dlopen in this process, validate, create;
///   (c) first block: AudioEngine on an unpaced NullOutput (activate, start
///       the render thread), a note at frame 0, render through frame 256.
/// The target covers (a) + (b). One cold run comes first: the first dlopen
/// of the library in this process, as every `peach play` pays it. Then 11
/// warm runs, where dlopen finds the library already loaded; their medians
/// are reported per part, and the median of the per-run sums.
struct DiscoveryBenchmark {
    static let targetMilliseconds = 20.0
    static let warmRuns = 11

    let releaseDirectory: String
    let libraryPath: String

    private struct Run {
        var discovery, load, firstBlock: Double
        var discoveryAndLoad: Double { discovery + load }
        var total: Double { discovery + load + firstBlock }
        var breakdown: String { "\(format(discovery)) + \(format(load)) ms" }
    }

    func rows() throws -> [Row] {
        let wasLoaded = dlopen(libraryPath, RTLD_NOW | RTLD_NOLOAD) != nil
        let cold = try measureOnce()
        let warm = try (0..<Self.warmRuns).map { _ in try measureOnce() }
        func middle(_ part: (Run) -> Double) -> Double { median(warm.map(part)) }
        let libraries = PluginSearchPath(directories: [releaseDirectory], sharedDirectories: [releaseDirectory]).candidateLibraries().libraries.count
        let target = "< \(format(Self.targetMilliseconds, decimals: 0)) ms"
        let warmLabel = "median of \(Self.warmRuns) warm"
        let discoveryAndLoad = middle(\.discoveryAndLoad)
        return [
            .info("2a discovery: scan + probe \(libraries) lib(s) (\(warmLabel))", measured: "\(format(middle(\.discovery))) ms"),
            .info("2b load: dlopen + create (\(warmLabel))", measured: "\(format(middle(\.load), decimals: 2)) ms"),
            .info("2c first block: engine + 256 frames (\(warmLabel))", measured: "\(format(middle(\.firstBlock), decimals: 2)) ms"),
            .checked("2  discovery + load (\(warmLabel))", target: target, measured: "\(format(discoveryAndLoad)) ms",
                     passes: discoveryAndLoad < Self.targetMilliseconds),
            .checked("2  discovery + load, cold: first dlopen\(wasLoaded ? " (NOT cold: already loaded)" : "")", target: target,
                     measured: "\(format(cold.discoveryAndLoad)) ms (\(cold.breakdown))", passes: cold.discoveryAndLoad < Self.targetMilliseconds),
            .info("2  total incl. first block (\(warmLabel); cold)",
                  measured: "\(format(middle(\.total))) ms; cold \(format(cold.total)) ms"),
        ]
    }

    private func measureOnce() throws -> Run {
        let searchPath = PluginSearchPath(directories: [releaseDirectory], sharedDirectories: [releaseDirectory])
        let prober = PluginProber(executable: releaseDirectory + "/peach")
        var catalog = SourceCatalog(reports: [])
        let discovery = Measurement.time { catalog = SourceCatalog.discover(searchPath: searchPath, prober: prober) }
        guard catalog.rejections.isEmpty else { throw BenchError("discovery rejected: \(catalog.rejections)") }

        var instance: SourceInstance?
        let load = try Measurement.time { instance = try catalog.makeInstance(of: SourceCatalog.defaultSourceID) }

        var engine: AudioEngine?
        var notices: [EngineNotice] = []
        let firstBlock = try Measurement.time {
            let started = try AudioEngine(output: NullOutput(paced: false), source: instance!)
            try started.schedule(.noteOn(started.makeNoteID(), frequency: 440, at: 0))
            notices = started.render(through: Int64(started.format.blockFrames))
            engine = started
        }
        try engine?.stop()
        guard notices.isEmpty else { throw BenchError("first block: \(notices)") }
        return Run(discovery: discovery.milliseconds, load: load.milliseconds, firstBlock: firstBlock.milliseconds)
    }
}
