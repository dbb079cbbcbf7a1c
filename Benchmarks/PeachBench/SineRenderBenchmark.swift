import Foundation
import PeachAudio
import PeachHost
import PeachPluginAPI

/// Figure 1: how many times faster than real time the release Sine source
/// renders one sustained 440 Hz voice for 60 s at 48 kHz, mono, 256-frame
/// blocks. Measured two ways, each the median of 5 runs:
///   - through AudioEngine with an unpaced NullOutput, which is what a user
///     gets (render thread, event queue, NaN check, interleaving included);
///   - by calling the instance's process() directly through the C ABI, the
///     way RenderLoop does, which is the source's cost alone.
/// Baseline: `sox ... synth 60 sine 440` writing a float WAV, same 5 runs.
struct SineRenderBenchmark {
    static let target = 1000.0
    static let runs = 5
    static let seconds = 60
    static let audioFormat = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256)
    static var totalFrames: Int { seconds * Int(audioFormat.sampleRate) }

    let libraryPath: String

    func rows() throws -> [Row] {
        let engine = median(try Measurement.repeated(Self.runs, renderThroughEngine).map(realTimeFactor))
        let direct = median(try Measurement.repeated(Self.runs, renderByCallingProcess).map(realTimeFactor))
        let sox = try soxBaseline()
        return [
            .realTime("1a Sine, 60 s via AudioEngine (median of \(Self.runs))", engine, target: Self.target, baseline: "sox", sox),
            .realTime("1b Sine, 60 s via process() alone (median of \(Self.runs))", direct, target: Self.target, baseline: "sox", sox),
        ]
    }

    private func realTimeFactor(_ elapsed: Duration) -> Double {
        Double(Self.seconds) / elapsed.seconds
    }

    /// One run through the public engine: a fresh instance, a note at frame 0
    /// that never ends, and an offline render of 60 s.
    private func renderThroughEngine() throws -> Duration {
        let instance = try PluginLibrary.load(path: libraryPath).makeInstance(of: SourceCatalog.defaultSourceID)
        let engine = try AudioEngine(output: NullOutput(format: Self.audioFormat, paced: false), source: instance)
        try engine.schedule(.noteOn(engine.makeNoteID(), frequency: 440, at: 0))
        var notices: [EngineNotice] = []
        let elapsed = Measurement.time { notices = engine.render(through: Int64(Self.totalFrames)) }
        let sounding = !engine.isSilent
        try engine.stop()
        guard notices.isEmpty, sounding else { throw BenchError("the engine run went wrong: \(notices), sounding: \(sounding)") }
        return elapsed
    }

    /// One run calling the plugin's C functions directly on this thread.
    private func renderByCallingProcess() throws -> Duration {
        let instance = try DirectInstance(libraryPath: libraryPath, sourceID: SourceCatalog.defaultSourceID, format: Self.audioFormat)
        defer { instance.destroy() }
        return try instance.render(blocks: Self.totalFrames / Self.audioFormat.blockFrames, frequency: 440)
    }

    /// Median wall time of sox writing the same tone to a WAV file, as x real time.
    private func soxBaseline() throws -> Double? {
        guard let sox = ProcessRunner.find("sox") else { return nil }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-sox-\(getpid()).wav").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let command = [sox, "-n", "-r", "48000", "-c", "1", "-b", "32", "-e", "floating-point", output, "synth", "\(Self.seconds)", "sine", "440"]
        return median(try Measurement.repeated(Self.runs) { try ProcessRunner.time(command) }.map(realTimeFactor))
    }
}
