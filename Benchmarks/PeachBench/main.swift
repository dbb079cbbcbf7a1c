// PeachBench: Peach's speed figures, each against its target and, where one
// is asked for, a baseline measured in the same run.
//   1. Sine render speed, in multiples of real time (baseline: sox).
//   2. Plugin discovery + load + first block, in milliseconds.
//   3. `peach sources` wall time (baseline: starting /bin/true).
//   4-6. The training screen in a pseudo-terminal: Start to first note, key
//      to feedback (baseline: `cat` echoing a key), pairs a minute.
//   7. `peach profile` on a million answers (baseline: `peach profile --json`),
//      and the times of --note, --svg, stats, export and import beside it.
//   8. FluidSynth source: render speed, font load, program change (baseline:
//      the fluidsynth program rendering the same notes with -F).
//   9. The transport: click frame error after an hour of tempo ramps (baseline:
//      a running sum of click lengths, as timer-driven metronomes keep time).
//  10. A source in a bridge process: speed and added time per block (baseline:
//      the same source in process).
//  11. Sixteen Sine tracks mixed by the engine (baseline: sixteen sox
//      syntheses mixed with sox -m).
//  12. Capture -> output round trip through files: frames of delay against
//      the engine's reported latency (baseline: sox copying the file).
//  13. The metronome: click frames heard in an hour's render against the ideal
//      grid (baseline: a running sum of click lengths), and drone + metronome CPU.
//  14. The tuner's pitch tracker on FluidSynth-rendered and synthetic notes:
//      accuracy, latency, octave errors and CPU (baseline: aubiopitch -p yinfft);
//      14b the note transcriber on a 3-minute rendered take.
//  15. `peach record` in real time through ALSA's file PCM, FLAC and WAV: CPU
//      from /proc and the longest write stall, samples dropped (baseline:
//      arecord writing the same PCM to a file).
//  16. `peach grid` through a pseudo-terminal: start to grid and start note,
//      key to first sound on the sine and the piano (baseline: `peach
//      --version`; a key echoed by `cat`).
// It measures the release build lying beside it (peach and the plugin
// libraries in the same folder), so run it with `make bench`,
// which builds with `swift build -c release` first. Prints one table and
// exits 1 if any target is missed, 2 if it cannot measure at all.
import Foundation
import PeachAudio
import PeachHost
import PeachSupport

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func releaseDirectory() throws -> String {
    guard let directory = PluginPath.executableDirectory(), directory.hasSuffix("/release") else {
        throw BenchError("PeachBench measures a release build: run `make bench` (or `swift build -c release && .build/release/PeachBench`)")
    }
    for product in ["peach", "libPeachSineSource.so", "libPeachFluidSource.so"] where !FileManager.default.fileExists(atPath: directory + "/" + product) {
        throw BenchError("\(directory)/\(product) is missing: run `swift build -c release` first")
    }
    return directory
}

do {
    let directory = try releaseDirectory()
    let library = directory + "/libPeachSineSource.so"
    // `PeachBench 9 10` measures only those figures; no arguments, all of them.
    let chosen = Set(CommandLine.arguments.dropFirst().compactMap { Int($0) })
    func figure(_ number: Int, _ rows: () throws -> [Row]) rethrows -> [Row] {
        chosen.isEmpty || chosen.contains(number) ? try rows() : []
    }
    // Discovery runs first: its cold run needs the library not yet loaded in this process.
    let discovery = try figure(2) { try DiscoveryBenchmark(releaseDirectory: directory, libraryPath: library).rows() }
    let render = try figure(1) { try SineRenderBenchmark(libraryPath: library).rows() }
    let sources = try figure(3) { try SourcesCommandBenchmark(releaseDirectory: directory).rows() }
    let screen = try figure(4) { try TrainingScreenBenchmark(releaseDirectory: directory).rows() }
    let profile = try figure(7) { try ProfileViewBenchmark(releaseDirectory: directory).rows() }
    let fluid = try figure(8) { try FluidBenchmark(releaseDirectory: directory).rows() }
    let transport = try figure(9) { try TransportBenchmark().rows() }
    let bridge = try figure(10) { try BridgeBenchmark(releaseDirectory: directory).rows() }
    let mix = try figure(11) { try MixBenchmark(libraryPath: library).rows() }
    let roundTrip = try figure(12) { try RoundTripBenchmark().rows() }
    let metronome = try figure(13) { try MetronomeBenchmark(releaseDirectory: directory).rows() }
    let tuner = try figure(14) { try TunerBenchmark(releaseDirectory: directory).rows() }
    let recording = try figure(15) { try RecordBenchmark(releaseDirectory: directory).rows() }
    let grid = try figure(16) { try GridBenchmark(releaseDirectory: directory).rows() }
    let rows = render + discovery + sources + screen + profile + fluid + transport + bridge + mix + roundTrip + metronome + tuner + recording + grid
    Table.print(rows)
    let missed = rows.filter { $0.verdict == .fail }.count
    StandardOutput.write(missed == 0 ? "\nAll targets met.\n" : "\n\(missed) target(s) missed.\n")
    exit(missed == 0 ? 0 : 1)
} catch {
    StandardError.write("PeachBench: \(error)\n")
    exit(2)
}
