import Foundation
import PeachAudio
import PeachDrone
import PeachHost
import PeachMetronome
import PeachTestSupport

/// Figure 13: the metronome in its rendered stream and its cost.
/// (a) An hour at 400 BPM in eighths of a beat (a tempo trainer stepping up
///     from 300 every four bars on the way), rendered through the engine by
///     a source that writes a one-sample impulse on each click's frame; every
///     impulse found is compared with the ideal grid, computed here in
///     38-digit decimals. Baselines in the same run: a timer-driven
///     metronome (a sleep per click, as `setInterval` metronomes do), timed
///     for ten seconds against the clock; the same clicks played at the start
///     of the block they fall in (no sample-exact offsets); and placed by a
///     running sum of click lengths in doubles.
/// (b) Drone (organ, with fifth) and metronome (400 × 8) together through a
///     paced output for ten seconds: CPU time as a share of one core.
struct MetronomeBenchmark {
    let releaseDirectory: String

    func rows() throws -> [Row] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-metronome-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let impulses = try CPlugin.build(BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/abi11_source.c", named: "impulses",
                                         in: folder, defines: ["IMPULSES"])
        return [try onsets(library: impulses), try cpu(library: impulses)]
            + (try KeyToSoundBenchmark(releaseDirectory: releaseDirectory, clickLibrary: impulses).rows())
    }

    private static let setup = MetronomeSetup(bpm: 300, beatsPerBar: 4, subdivision: 8,
                                              trainer: TempoTrainer(from: 300, to: 400, everyBars: 4, step: 1))

    private func onsets(library: String) throws -> Row {
        let output = OnsetOutput()
        let source = try PluginLibrary.load(path: library).makeInstance(of: "org.peach.test.abi11")
        let engine = try AudioEngine(output: output, source: source)
        let player = try MetronomePlayer(setup: Self.setup, sound: .woodblock, engine: engine, startFrame: 0)
        let hour: Int64 = 3600 * 48_000
        var planned: [Click] = []
        while engine.renderedFrames < hour {
            let end = min(hour, engine.renderedFrames + 48_000)
            // Rendering stops at a block's end, past `end`: that block's clicks are scheduled too.
            planned += try player.schedule(before: min(hour, end + 256))
            _ = engine.renderBlocks(Int((end - engine.renderedFrames + 255) / 256))
        }
        try engine.stop()
        let ideal = Self.idealFrames(count: planned.count)
        let heard = output.onsets
        var worst: Int64 = heard.count == planned.count ? 0 : .max
        var baselineWorst: Int64 = 0, blockStartWorst: Int64 = 0
        var runningSum = 0.0
        for (index, frame) in heard.enumerated() where index < ideal.count {
            worst = max(worst, abs(frame - ideal[index]))
            baselineWorst = max(baselineWorst, abs(Int64(runningSum.rounded()) - ideal[index]))
            blockStartWorst = max(blockStartWorst, ideal[index] % 256)
            runningSum += 60 * 48_000 / (Self.setup.tempo(inBar: Int64(index / 32)) * 8)
        }
        return .checked("13a Metronome: 1 h to 400 BPM × 8, clicks heard vs ideal", target: "0 frames",
                        measured: "\(worst == .max ? "missing clicks" : "\(worst) frames") (\(heard.count) clicks)",
                        baseline: "timer, 10 s: \(Self.timerDrivenWorst()) frames; at block starts: \(blockStartWorst); running sum: \(baselineWorst)",
                        passes: worst == 0)
    }

    /// The worst distance in frames, over ten seconds at 400 BPM × 8, between
    /// where a sleep-per-click metronome fires and where its clicks belong.
    private static func timerDrivenWorst() -> Int64 {
        let interval = 60.0 / (400 * 8), start = Monotonic.nanoseconds()
        var worst: Int64 = 0
        for click in 1...Int(10 / interval) {
            usleep(UInt32(interval * 1e6))
            let fired = Double(Monotonic.nanoseconds() - start) / 1e9 * 48_000
            worst = max(worst, Int64(abs(fired - Double(click) * interval * 48_000).rounded()))
        }
        return worst
    }

    /// Where click i falls: beats summed as exact decimals of their bar's tempo.
    private static func idealFrames(count: Int) -> [Int64] {
        var frames: [Int64] = [], start = Decimal(0)
        for index in 0..<count {
            let bar = Int64(index / 32)
            let part = Decimal(index % 8), beatSeconds = Decimal(60) / Decimal(setup.tempo(inBar: bar))
            let seconds = start + beatSeconds * part / 8
            var frame = seconds * 48_000, rounded = Decimal()
            NSDecimalRound(&rounded, &frame, 0, .plain)
            frames.append(NSDecimalNumber(decimal: rounded).int64Value)
            if index % 8 == 7 { start += beatSeconds }
        }
        return frames
    }

    private func cpu(library: String) throws -> Row {
        let drone = try PluginLibrary.load(path: releaseDirectory + "/libPeachSineSource.so").makeInstance(of: SourceCatalog.defaultSourceID)
        for (key, value) in [("attack-ms", "100"), ("release-ms", "300"), ("overtones", "1")] { try drone.set(key, to: value) }
        let clicks = try PluginLibrary.load(path: library).makeInstance(of: "org.peach.test.abi11")
        let engine = try AudioEngine(output: NullOutput(paced: true), source: clicks)
        let player = DronePlayer(engine: engine, track: try engine.addTrack(source: drone))
        try player.play(DroneSetup(root: MIDINote(number: 50)!, fifth: true), at: 0)
        let metronome = try MetronomePlayer(setup: MetronomeSetup(bpm: 400, subdivision: 8), sound: .woodblock, engine: engine, startFrame: 0)
        try metronome.schedule(before: 4800)
        let before = Self.cpuSeconds(), wall = Date()
        engine.start()
        while engine.renderedFrames < 10 * 48_000 {
            try metronome.schedule(before: engine.renderedFrames + 4800)
            usleep(20_000)  // as the practice screen wakes with nothing to show: a third of its scheduling horizon
        }
        let share = (Self.cpuSeconds() - before) / Date().timeIntervalSince(wall) * 100
        try engine.stop()
        return .checked("13b Drone + metronome in real time (paced)", target: "< 2 % of a core",
                        measured: String(format: "%.2f %%", share), baseline: "(none)", passes: share < 2)
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}

/// An output that keeps only the frames where a sample is not zero: an hour of impulses without an hour of memory.
final class OnsetOutput: AudioOutput {
    let format = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256)
    private(set) var onsets: [Int64] = []
    private var written: Int64 = 0

    func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult {
        for index in 0..<frames where interleaved[index] != 0 { onsets.append(written + Int64(index)) }
        written += Int64(frames)
        return .written
    }

    func pendingFrames() -> Int? { 0 }
    func finish() throws(AudioOutputError) {}
    var blocksOnDevice: Bool { false }
    var latencyFrames: Int { 0 }
}
