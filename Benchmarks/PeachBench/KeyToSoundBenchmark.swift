import Foundation
import PeachAudio
import PeachDrone
import PeachHost
import PeachMetronome
import Synchronization

/// Figure 13c, d: key to sound on the live practice screen. A running engine
/// (blocks of 256 frames, a paced output two blocks deep, as a sound card's
/// buffer) is given, 200 times at random moments, what the screen does on a
/// key: start the metronome on `earliestOnTimeFrame` and schedule its first
/// clicks, or move the drone there. Measured: from the key to the moment
/// the output plays that frame (the frame heard now is what was written
/// minus what the output still holds). Baseline in the same run: the start
/// the screen used before, at the 50 ms scheduling horizon.
struct KeyToSoundBenchmark {
    let releaseDirectory: String
    let clickLibrary: String

    func rows() throws -> [Row] {
        let clicks = try PluginLibrary.load(path: clickLibrary).makeInstance(of: "org.peach.test.abi11")
        let drone = try PluginLibrary.load(path: releaseDirectory + "/libPeachSineSource.so").makeInstance(of: SourceCatalog.defaultSourceID)
        let output = CountingOutput(NullOutput(paced: true))
        let engine = try AudioEngine(output: output, source: clicks)
        let dronePlayer = DronePlayer(engine: engine, track: try engine.addTrack(source: drone))
        engine.start()
        defer { try? engine.stop() }
        let rate = engine.format.sampleRate
        let horizon = Int64(engine.format.blockFrames * 2) + Int64(rate / 20)
        var generator = SystemRandomNumberGenerator()
        var start: [Double] = [], baseline: [Double] = [], droneMove: [Double] = []
        /// Milliseconds from now until `frame` is heard.
        func untilHeard(_ frame: Int64) -> Double {
            Double(frame - output.heardFrames) / rate * 1000
        }
        for trial in 0..<200 {
            usleep(UInt32.random(in: 5_000...25_000, using: &generator))  // a key at any moment of a block
            let at = engine.earliestOnTimeFrame
            let wait = untilHeard(at)
            if trial.isMultiple(of: 2) {
                let metronome = try MetronomePlayer(setup: MetronomeSetup(bpm: 120), sound: .woodblock, engine: engine, startFrame: at)
                try metronome.schedule(before: at + horizon)
                start.append(wait)
                baseline.append(untilHeard(engine.renderedFrames + horizon))
                engine.cancelScheduled()
            } else {
                try dronePlayer.play(DroneSetup(root: MIDINote(number: 50 + trial % 12)!), at: at)
                droneMove.append(wait)
            }
        }
        func summary(_ values: [Double]) -> String {
            let sorted = values.sorted()
            return String(format: "median %.1f ms, worst %.1f ms", sorted[sorted.count / 2], sorted.last!)
        }
        return [
            .checked("13c Key to first click (metronome started live)", target: "< 20 ms", measured: summary(start),
                     baseline: "at the 50 ms horizon: " + summary(baseline), passes: start.max()! < 20),
            .checked("13d Key to sound (drone moved live)", target: "< 20 ms", measured: summary(droneMove),
                     baseline: "(the same path as 13c)", passes: droneMove.max()! < 20),
        ]
    }
}

/// A paced output that also counts what it was given: the render thread
/// waits inside `write`, after which the engine counts the block as rendered,
/// so only the output knows the frame being heard now.
final class CountingOutput: AudioOutput {
    private let inner: AudioOutput
    private let written = Atomic<Int64>(0)

    init(_ inner: AudioOutput) { self.inner = inner }

    /// Written minus what the output still holds: the frame playing now.
    var heardFrames: Int64 { written.load(ordering: .acquiring) - Int64(inner.pendingFrames() ?? 0) }

    var format: AudioFormat { inner.format }
    func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult {
        written.add(Int64(frames), ordering: .releasing)
        return inner.write(interleaved, frames: frames)
    }
    func pendingFrames() -> Int? { inner.pendingFrames() }
    func finish() throws(AudioOutputError) { try inner.finish() }
    var blocksOnDevice: Bool { inner.blocksOnDevice }
    var latencyFrames: Int { inner.latencyFrames }
}
