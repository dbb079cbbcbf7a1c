import Foundation
import PeachAudio
import PeachHost

/// Figure 10: what running a source in a bridge process costs. The release
/// Sine source renders one 440 Hz voice for 60 s at 48 kHz, mono, 256-frame
/// blocks, through AudioEngine with an unpaced NullOutput: in process, and in
/// a bridge process (each block handed over in shared memory and waited for
/// on a pipe). Medians of 5 runs each, in the same run. The added latency per
/// block is the difference of the two per-block times: how much later than in
/// process a bridged block is ready.
struct BridgeBenchmark {
    static let runs = 5
    static let seconds = 60
    static let audioFormat = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256)
    static var blocks: Int { seconds * Int(audioFormat.sampleRate) / audioFormat.blockFrames }
    /// A block of 256 frames lasts 5.3 ms; a bridged block must leave most of it to the source.
    static let maxAddedMicroseconds = 100.0
    static let minimumRealTime = 200.0

    let releaseDirectory: String

    func rows() throws -> [Row] {
        var catalog = SourceCatalog(reports: [ProbeReport.probeInProcess(path: releaseDirectory + "/libPeachSineSource.so")])
        catalog.bridgeExecutable = releaseDirectory + "/peach"
        let local = median(try Measurement.repeated(Self.runs) { try render(catalog, .inProcess) }.map(\.seconds))
        let bridged = median(try Measurement.repeated(Self.runs) { try render(catalog, .bridged) }.map(\.seconds))
        let added = (bridged - local) / Double(Self.blocks) * 1e6
        return [
            .checked("10a Sine in a bridge process, 60 s via AudioEngine (median of \(Self.runs))",
                     target: ">= \(format(Self.minimumRealTime, decimals: 0))x real time", measured: "\(format(Double(Self.seconds) / bridged, decimals: 0))x",
                     baseline: "in process \(format(Double(Self.seconds) / local, decimals: 0))x", passes: Double(Self.seconds) / bridged >= Self.minimumRealTime),
            .checked("10b Bridge: added time per 256-frame block", target: "<= \(format(Self.maxAddedMicroseconds, decimals: 0)) us",
                     measured: "\(format(added, decimals: 1)) us",
                     baseline: "in process \(format(local / Double(Self.blocks) * 1e6, decimals: 1)) us a block", passes: added <= Self.maxAddedMicroseconds),
        ]
    }

    /// One run: a fresh instance, a note at frame 0 that never ends, 60 s rendered offline.
    private func render(_ catalog: SourceCatalog, _ isolation: PluginIsolation) throws -> Duration {
        let instance = try catalog.makeInstance(of: SourceCatalog.defaultSourceID, isolation: isolation)
        let engine = try AudioEngine(output: NullOutput(format: Self.audioFormat, paced: false), source: instance)
        try engine.schedule(.noteOn(engine.makeNoteID(), frequency: 440, at: 0))
        var notices: [EngineNotice] = []
        let elapsed = Measurement.time { notices = engine.render(through: Int64(Self.blocks * Self.audioFormat.blockFrames)) }
        let sounding = !engine.isSilent
        try engine.stop()
        guard notices.isEmpty, sounding else { throw BenchError("the \(isolation.rawValue) run went wrong: \(notices), sounding: \(sounding)") }
        return elapsed
    }
}
