import Foundation
import PeachAudio
import PeachHistory
import PeachHost
import PeachMusic
import PeachTraining

/// Figure 7: the profile view and its neighbours on a history of a million
/// answers (years of daily training), run as the user runs them, release
/// build. `peach profile` draws its chart from the profile snapshot, so it
/// must cost no more than `peach profile --json`, the Training core's own
/// read of the same folder (baseline, same run, runs interleaved): both read
/// the history to see that the snapshot is current. The other commands
/// rebuild earlier profiles or touch every answer; their times are shown for
/// information.
struct ProfileViewBenchmark {
    static let answers = 1_000_000
    static let runs = 9
    /// The chart may cost this much more than the JSON (the same read, plus drawing).
    static let allowedRatio = 1.10

    let releaseDirectory: String

    func rows() throws -> [Row] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-profile-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = folder + "/data"
        try Self.writeHistory(to: data)
        let peach = releaseDirectory + "/peach"
        func time(_ arguments: [String]) throws -> Double { try ProcessRunner.time([peach] + arguments).milliseconds }

        var chart: [Double] = [], json: [Double] = []
        for _ in 0..<Self.runs {
            json.append(try time(["profile", "--json", "--data-dir", data]))
            chart.append(try time(["profile", "--data-dir", data]))
        }
        let note = try time(["profile", "--note", "C4", "--data-dir", data])
        let svg = try time(["profile", "--svg", folder + "/profile.svg", "--data-dir", data])
        let stats = try time(["stats", "--data-dir", data])
        let export = try time(["export", "--csv", folder + "/history.csv", "--data-dir", data])
        let firstImport = try time(["import", folder + "/history.csv", "--data-dir", folder + "/copy"])
        let secondImport = try time(["import", folder + "/history.csv", "--data-dir", folder + "/copy"])
        let baseline = "profile --json \(format(median(json), decimals: 0)) ms"
        let million = "\(Self.answers / 1_000_000)M answers"
        return [
            .checked("7  peach profile (chart), \(million) (median of \(Self.runs))", target: "≤ \(format(Self.allowedRatio, decimals: 2))× --json",
                     measured: "\(format(median(chart), decimals: 0)) ms", baseline: baseline,
                     passes: median(chart) <= median(json) * Self.allowedRatio),
            .info("7  peach profile --note C4 (one more rebuild, for the trend)", measured: "\(format(note, decimals: 0)) ms", baseline: baseline),
            .info("7  peach profile --svg (trend + progress: two passes)", measured: "\(format(svg, decimals: 0)) ms", baseline: baseline),
            .info("7  peach stats (reads every answer in full, one pass)", measured: "\(format(stats, decimals: 0)) ms", baseline: baseline),
            .info("7  peach export --csv", measured: "\(format(export, decimals: 0)) ms", baseline: baseline),
            .info("7  peach import, into an empty folder", measured: "\(format(firstImport, decimals: 0)) ms", baseline: baseline),
            .info("7  peach import, the same file again (all duplicates)", measured: "\(format(secondImport, decimals: 0)) ms", baseline: baseline),
        ]
    }

    /// A listener from C2 to C6, thresholds falling towards the treble, A4 weak,
    /// one answer every 3 s; written with the history's own writer, with the
    /// profile snapshot current, as after a training session.
    static func writeHistory(to data: String) throws {
        var generator = SeededGenerator(seed: 11)
        let function = PsychometricFunction()
        let start = 1_700_000_000.0
        let answers = (0..<answers).map { index in
            let note = Int.random(in: 36...84, using: &generator)
            let threshold = (note == 69 ? 3 : 1) * 20 * pow(0.98, Double(note - 36))
            let delta = max(1, (threshold * pow(2, Double.random(in: -2...2, using: &generator)) * 10).rounded() / 10)
            let correct = Double.random(in: 0..<1, using: &generator) < function.probabilityCorrect(delta: delta, threshold: threshold)
            let key = MIDINote(number: note)!
            return TrainingAnswer(time: start + Double(index) * 3, note: key, firstHz: Pitch.frequency(of: key),
                                  secondHz: Pitch.frequency(of: key, cents: delta), cents: delta, answer: correct ? .higher : .lower,
                                  correct: correct, responseSeconds: 0.8, sourceID: "org.peach.sine", reference: 440, noteSeconds: 1)
        }
        let store = try HistoryStore(directory: data, machine: "bench")
        _ = try store.addImported(answers, now: start)
        let report = try PersistentTraining.currentReport(dataDirectory: data).report
        try store.writeSnapshot(Array(try report.json(pretty: true).utf8))
    }
}
