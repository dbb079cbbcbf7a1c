import Foundation
import PeachAudio
import PeachHost

/// Figure 11: sixteen sources at once. Sixteen tracks of the release Sine
/// source, each holding one note (110 Hz up by whole tones), mixed by
/// AudioEngine for 60 s at 48 kHz, mono, 256-frame blocks, into an unpaced
/// NullOutput: what a drone, a metronome and a pair cost together, many
/// times over. Baseline in the same run: the same sixteen tones made by
/// sixteen `sox -n … synth` runs, one file each, mixed by `sox -m` into one
/// file. Medians of 3 runs each.
struct MixBenchmark {
    static let runs = 3
    static let seconds = 60
    static let tracks = 16
    static let audioFormat = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256)
    /// Sixteen voices need sixteen times one voice's work: 100x real time leaves
    /// a 256-frame block 1% of its 5.3 ms.
    static let target = 100.0
    static func frequency(_ track: Int) -> Double { 110 * pow(2, Double(2 * track) / 12) }

    let libraryPath: String

    func rows() throws -> [Row] {
        let engine = median(try Measurement.repeated(Self.runs, render).map { Double(Self.seconds) / $0.seconds })
        return [.realTime("11 \(Self.tracks) Sine tracks mixed, 60 s via AudioEngine (median of \(Self.runs))", engine, target: Self.target,
                          baseline: "16 sox synth + sox -m", try soxBaseline())]
    }

    /// One run: a fresh engine, sixteen tracks each with a note that never ends, 60 s rendered offline.
    private func render() throws -> Duration {
        let library = try PluginLibrary.load(path: libraryPath)
        func instance() throws -> SourceInstance {
            let source = try library.makeInstance(of: SourceCatalog.defaultSourceID)
            try source.set("gain", to: "0.05")
            return source
        }
        let engine = try AudioEngine(output: NullOutput(format: Self.audioFormat, paced: false), source: try instance())
        var tracks = [TrackID.main]
        for _ in 1..<Self.tracks { tracks.append(try engine.addTrack(source: try instance())) }
        for (index, track) in tracks.enumerated() {
            try engine.schedule(.noteOn(engine.makeNoteID(), frequency: Self.frequency(index), at: 0), on: track)
        }
        var notices: [EngineNotice] = []
        let elapsed = Measurement.time { notices = engine.render(through: Int64(Self.seconds) * Int64(Self.audioFormat.sampleRate)) }
        let sounding = !engine.isSilent
        try engine.stop()
        guard notices.isEmpty, sounding else { throw BenchError("the mixing run went wrong: \(notices), sounding: \(sounding)") }
        return elapsed
    }

    /// Median wall time of the sixteen syntheses and the mix, as x real time.
    private func soxBaseline() throws -> Double? {
        guard let sox = ProcessRunner.find("sox") else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-mix-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let format = ["-r", "48000", "-c", "1", "-b", "32", "-e", "floating-point"]
        let files = (0..<Self.tracks).map { "\(folder)/tone\($0).wav" }
        let times = try Measurement.repeated(Self.runs) {
            var total = Duration.zero
            for (index, file) in files.enumerated() {
                total += try ProcessRunner.time([sox, "-n"] + format + [file, "synth", "\(Self.seconds)", "sine", "\(Self.frequency(index))", "vol", "0.05"])
            }
            return total + (try ProcessRunner.time([sox, "-m"] + files + ["\(folder)/mix.wav"]))
        }
        return median(times.map { Double(Self.seconds) / $0.seconds })
    }
}
