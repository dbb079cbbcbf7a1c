import Foundation
import PeachAudio
import PeachHost

/// Figure 12: the round trip from capture to output, through files. A click
/// (one sample of 0.9 at frame 12,345 of a silent second, written by a
/// first engine to a WAV) is captured by a second engine from that file,
/// monitored into its output, written to another WAV and found there again.
/// The frames between where it went in and where it came out must be
/// exactly what the engine reports as its round-trip latency. Baseline in
/// the same run: `sox` copying the file, measured the same way.
struct RoundTripBenchmark {
    static let clickFrame: Int64 = 12_345

    func rows() throws -> [Row] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-roundtrip-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let input = folder + "/click.wav", output = folder + "/heard.wav"
        try writeClick(to: input)
        let engine = try AudioEngine(output: try WavFileOutput(path: output), source: try silentSource())
        try engine.attach(input: try SoundFileInput(path: input))
        engine.setMonitorGain(1)
        let notices = engine.renderBlocks(48_000 / 256 + 1)
        let reported = engine.roundTripLatencyFrames
        try engine.stop()
        guard notices.allSatisfy({ if case .inputEnded = $0.notice { true } else { false } }) else { throw BenchError("the round trip went wrong: \(notices)") }
        let measured = try clickFrame(in: output) - Self.clickFrame
        var baseline = "sox not installed"
        if let sox = ProcessRunner.find("sox") {
            _ = try ProcessRunner.time([sox, input, folder + "/copied.wav"])
            baseline = "sox copy: \(try clickFrame(in: folder + "/copied.wav") - Self.clickFrame) frames"
        }
        return [.checked("12 Capture -> output round trip through files", target: "= reported (\(reported) frames)",
                         measured: "\(measured) frames", baseline: baseline, passes: measured == Int64(reported))]
    }

    /// A second of silence with one sample of 0.9 at `clickFrame`, rendered by Peach's own WAV output.
    private func writeClick(to path: String) throws {
        let format = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256)
        let wav = try WavFileOutput(path: path, format: format)
        var block = [Float](repeating: 0, count: 256)
        for start in stride(from: Int64(0), to: 48_000, by: 256) {
            for index in 0..<256 { block[index] = start + Int64(index) == Self.clickFrame ? 0.9 : 0 }
            guard block.withUnsafeBufferPointer({ wav.write($0.baseAddress!, frames: 256) }) == .written else { throw BenchError("cannot write \(path)") }
        }
        try wav.finish()
    }

    /// The Sine source with no notes: the engine needs a source on its main track.
    private func silentSource() throws -> SourceInstance {
        guard let directory = PluginPath.executableDirectory() else { throw BenchError("no program folder") }
        return try PluginLibrary.load(path: directory + "/libPeachSineSource.so").makeInstance(of: SourceCatalog.defaultSourceID)
    }

    private func clickFrame(in path: String) throws -> Int64 {
        let samples = try SoundFileReader(path: path).readAll()[0]
        guard let frame = samples.firstIndex(where: { abs($0 - 0.9) < 1e-6 }) else { throw BenchError("no click in \(path)") }
        return Int64(frame)
    }
}
