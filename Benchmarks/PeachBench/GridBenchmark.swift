import Foundation
import Glibc
import PeachAudio
import PeachHost
import PeachSupport
import PeachTestSupport

/// Figure 16: the scale grid, the whole program driven through a
/// pseudo-terminal, its audio written to a named pipe by the paced WAV
/// output (blocks of 256 frames, two blocks ahead of real time, as a sound
/// card's buffer), read on a thread that notes when every read arrived.
///   16a. Start: from spawning `peach grid` (the default sound, FluidSynth's
///        piano) to the grid on screen, and to the short start note heard.
///        Baseline: `peach --version`, spawned and exited, the floor of any command.
///   16b. Key to sound: a typed key at a random moment to the first non-silent
///        frame of its note taken by the output, on the sine and on the piano.
///        Beside it, when that frame is heard: after the output's two blocks.
///        Baseline: a key echoed by `cat` through the same kind of terminal.
/// The output's clock is found from the reads: frame n is heard at the
/// stream's start + n / rate, and a block is written when the output lets the
/// writer run two blocks ahead (the earliest reads bound the start).
struct GridBenchmark {
    static let startTargetMilliseconds = 300.0
    static let keyTargetMilliseconds = 20.0
    static let startRuns = 5
    static let keys = 24

    let releaseDirectory: String

    func rows() throws -> [Row] {
        let folder = TemporaryDirectory("peach-grid-bench")
        defer { folder.remove() }
        var shown: [Double] = [], heard: [Double] = []
        // Run 0 is the first use of the piano, when the FluidSynth source measures its tuning once and caches it: shown apart.
        var firstUse = 0.0
        for run in 0...Self.startRuns {
            let session = try Session(releaseDirectory: releaseDirectory, folder: folder, name: "start-\(run)", sound: [])
            let drawn = try session.terminal.waitFor("the grid") { $0.screen.text.contains("┌") }
            try session.quit()
            let stream = try session.stream()
            guard let first = stream.onsets(threshold: 1e-3).first else { throw BenchError("no start note in run \(run)") }
            let milliseconds = Double(stream.heard(first) - session.spawned) / 1e6
            if run == 0 { firstUse = milliseconds } else { (shown, heard) = (shown + [drawn * 1000], heard + [milliseconds]) }
        }
        let version = try (0..<Self.startRuns).map { _ in
            let started = Monotonic.nanoseconds()
            _ = try Shell.run([releaseDirectory + "/peach", "--version"])
            return Double(Monotonic.nanoseconds() - started) / 1e6
        }
        let sine = try keyLatencies(folder: folder, sound: ["--source", "org.peach.sine"], threshold: 1e-4, spacing: 0.45...0.7)
        let piano = try keyLatencies(folder: folder, sound: [], threshold: 2e-3, spacing: 1.2...1.5)
        let echo = try TrainingScreenBenchmark.echoLatencies(count: Self.keys)
        func summary(_ values: [Double], decimals: Int = 1) -> String {
            "median \(format(median(values), decimals: decimals)) ms, worst \(format(values.max()!, decimals: decimals)) ms"
        }
        let startTarget = "< \(format(Self.startTargetMilliseconds, decimals: 0)) ms"
        let keyTarget = "< \(format(Self.keyTargetMilliseconds, decimals: 0)) ms"
        return [
            .checked("16a Grid start to the grid on screen (\(Self.startRuns) runs)", target: startTarget, measured: summary(shown),
                     baseline: "peach --version: " + summary(version), passes: shown.max()! < Self.startTargetMilliseconds),
            .checked("16a Grid start to the start note heard", target: startTarget, measured: summary(heard),
                     baseline: "peach --version: " + summary(version), passes: heard.max()! < Self.startTargetMilliseconds),
            .info("16a The piano's first use, measuring its tuning", measured: "\(format(firstUse)) ms to the start note"),
            .checked("16b Key to first sound, sine (\(sine.taken.count) keys)", target: keyTarget, measured: summary(sine.taken),
                     baseline: "heard: " + summary(sine.heard) + "; cat echo " + summary(echo, decimals: 2), passes: sine.taken.max()! < Self.keyTargetMilliseconds),
            .checked("16b Key to first sound, FluidSynth piano (\(piano.taken.count) keys)", target: keyTarget, measured: summary(piano.taken),
                     baseline: "heard: " + summary(piano.heard), passes: piano.taken.max()! < Self.keyTargetMilliseconds),
        ]
    }

    /// Keys typed at random moments, each after the last note has ended: from
    /// each key to its note's first frame taken by the output, and heard.
    private func keyLatencies(folder: TemporaryDirectory, sound: [String], threshold: Double, spacing: ClosedRange<Double>)
        throws -> (taken: [Double], heard: [Double]) {
        let session = try Session(releaseDirectory: releaseDirectory, folder: folder, name: "keys-\(sound.count)", sound: sound)
        _ = try session.terminal.waitFor("the grid") { $0.screen.text.contains("┌") }
        var generator = SystemRandomNumberGenerator()
        var pressed: [UInt64] = []
        let keys = Array("1234567")
        for index in 0..<Self.keys {
            // A person's next key: some time after the last note ended, at any moment of a block. The
            // screen is read meanwhile, as a terminal does: a full terminal would hold peach up.
            session.terminal.keepReading(for: Double.random(in: spacing, using: &generator))
            pressed.append(Monotonic.nanoseconds())
            session.terminal.send(String(keys[index % keys.count]))
        }
        session.terminal.keepReading(for: spacing.upperBound)
        try session.quit()
        let stream = try session.stream()
        // The first onset is the start note; each key's note follows.
        let onsets = Array(stream.onsets(threshold: threshold).dropFirst())
        guard onsets.count == pressed.count else {
            throw BenchError("\(pressed.count) keys typed but \(onsets.count) notes found in the output (\(sound)), at frames \(onsets) of \(stream.samples.count)")
        }
        let taken = zip(onsets, pressed).map { Double(stream.taken($0) - $1) / 1e6 }
        let heard = zip(onsets, pressed).map { Double(stream.heard($0) - $1) / 1e6 }
        return (taken, heard)
    }

    /// One run of `peach grid E minor` on a pipe read as a device would.
    private struct Session {
        let terminal: PseudoTerminal
        let reader: PipeReader
        let spawned: UInt64

        init(releaseDirectory: String, folder: TemporaryDirectory, name: String, sound: [String]) throws {
            let fifo = folder.path + "/\(name).fifo"
            guard mkfifo(fifo, 0o600) == 0 else { throw BenchError("cannot make a named pipe at \(fifo)") }
            reader = try PipeReader(path: fifo, keepsEverything: true)
            spawned = Monotonic.nanoseconds()
            // Fresh settings and data each run; one cache, as a user's machine keeps the FluidSynth source's tuning measurements.
            terminal = try PseudoTerminal([releaseDirectory + "/peach", "grid", "E", "minor", "--octaves", "3", "--wav", fifo] + sound, environment: [
                "XDG_CONFIG_HOME": folder.path + "/\(name)/config", "XDG_DATA_HOME": folder.path + "/\(name)/data",
                "XDG_CACHE_HOME": folder.path + "/cache", "LANG": "C.UTF-8",
            ])
        }

        func quit() throws {
            terminal.send("\u{1B}")
            guard terminal.waitForExit() == 0 else { throw BenchError("peach grid did not quit cleanly:\n\(terminal.screen.text)") }
        }

        func stream() throws -> TimedStream {
            reader.close()
            let log = reader.log
            return TimedStream(bytes: log.bytes, arrivals: log.arrivals)
        }
    }

    /// The samples the output wrote and when each read of them arrived.
    private struct TimedStream {
        let samples: [Float]
        /// Frames read by then, and when.
        let arrivals: [(frames: Int, at: UInt64)]
        /// When frame 0 was heard: the output's clock.
        let start: UInt64
        static let rate = 48_000.0
        /// The paced output's lead (two blocks) and one block: a block is written this many frames before its last is due.
        static let aheadFrames = 3 * 256

        init(bytes: [UInt8], arrivals: [(bytes: Int, at: UInt64)]) {
            let header = WavFileOutput.headerBytes
            let body = bytes.count > header ? Array(bytes[header...]) : []
            samples = body.withUnsafeBytes { raw in (0..<(body.count / 4)).map { raw.loadUnaligned(fromByteOffset: $0 * 4, as: Float.self) } }
            self.arrivals = arrivals.map { ((max(0, $0.bytes - header)) / 4, $0.at) }
            // Each read arrived no earlier than its block was written: the smallest bound is the closest.
            start = self.arrivals.filter { $0.frames > Self.aheadFrames }.map { $0.at - UInt64(Double($0.frames - Self.aheadFrames) / Self.rate * 1e9) }.min() ?? 0
        }

        /// First frames of sounds: above `threshold` after at least 50 ms at or below it.
        func onsets(threshold: Float) -> [Int] {
            var found: [Int] = [], quiet = 2400  // the stream begins in silence
            for (index, sample) in samples.enumerated() {
                if abs(sample) > threshold {
                    if quiet >= 2400 { found.append(index) }
                    quiet = 0
                } else {
                    quiet += 1
                }
            }
            return found
        }

        func onsets(threshold: Double) -> [Int] { onsets(threshold: Float(threshold)) }

        /// When the read holding `frame` arrived: the output took it then.
        func taken(_ frame: Int) -> UInt64 { arrivals.first { $0.frames > frame }?.at ?? .max }

        /// When `frame` is heard by the output's clock.
        func heard(_ frame: Int) -> UInt64 { start + UInt64(Double(frame) / Self.rate * 1e9) }
    }
}
