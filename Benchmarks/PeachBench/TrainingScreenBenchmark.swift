import Foundation
import Glibc
import PeachAudio
import PeachHost
import PeachSupport
import PeachTestSupport

/// Figures 4-6: the training screen, driven through a pseudo-terminal as a
/// person would drive it, with the sine source and 1 s notes. Audio goes to a
/// named pipe, written in real time as a sound card would take it, and a
/// reader notes when the first sound arrives.
///   4. Start to first note: Enter on the start page to the first non-silent
///      sample (5 fresh runs, on a data folder with 3000 answers).
///   5. Key press to feedback on screen: an answer key to the screen update
///      that shows the feedback. Baseline: a key echoed by `cat` through the
///      same kind of pseudo-terminal, the floor for any program.
///   6. Pairs per minute with instant answers: each answer is sent the moment
///      the screen announces the second note.
struct TrainingScreenBenchmark {
    static let firstNoteTargetMilliseconds = 300.0
    static let feedbackTargetMilliseconds = 10.0
    static let pairsPerMinuteTarget = 25.0
    static let startRuns = 5
    static let pairs = 20
    static let historyAnswers = 3000

    let releaseDirectory: String

    func rows() throws -> [Row] {
        let folder = TemporaryDirectory("peach-screen-bench")
        defer { folder.remove() }
        let data = folder.path + "/data"
        try fillHistory(data)
        let fifo = folder.path + "/audio.fifo"
        guard mkfifo(fifo, 0o600) == 0 else { throw BenchError("cannot make a named pipe at \(fifo)") }

        var firstNote: [Double] = []
        var feedback: [Double] = []
        var pairsPerMinute = 0.0
        for run in 0..<Self.startRuns {
            let device = try PipeReader(path: fifo)
            defer { device.close() }
            let terminal = try PseudoTerminal([releaseDirectory + "/peach", "--data-dir", data, "--wav", fifo, "--duration", "1"])
            try terminal.waitFor(text: "Start training")
            let pressed = Monotonic.nanoseconds()
            terminal.send("\r")
            try terminal.waitFor("the first sound") { _ in device.firstSound != nil }
            firstNote.append(Double(device.firstSound! - pressed) / 1e6)
            if run == 0 { (feedback, pairsPerMinute) = try answerPairs(terminal) }
            terminal.send("q")
            try terminal.waitFor(text: "Start training")
            terminal.send("q")
            guard terminal.waitForExit() == 0 else { throw BenchError("peach did not quit cleanly:\n\(terminal.screen.text)") }
        }
        let echo = try Self.echoLatencies(count: Self.pairs)
        let firstNoteTarget = "< \(format(Self.firstNoteTargetMilliseconds, decimals: 0)) ms"
        let feedbackTarget = "< \(format(Self.feedbackTargetMilliseconds, decimals: 0)) ms"
        return [
            .checked("4  Start to first note (max of \(Self.startRuns))", target: firstNoteTarget,
                     measured: "\(format(firstNote.max()!)) ms", baseline: "median \(format(median(firstNote))) ms",
                     passes: firstNote.max()! < Self.firstNoteTargetMilliseconds),
            .checked("5  key to feedback (median of \(feedback.count))", target: feedbackTarget,
                     measured: "\(format(median(feedback), decimals: 2)) ms", baseline: "cat echo \(format(median(echo), decimals: 2)) ms",
                     passes: median(feedback) < Self.feedbackTargetMilliseconds),
            .checked("5  key to feedback (max of \(feedback.count))", target: feedbackTarget,
                     measured: "\(format(feedback.max()!, decimals: 2)) ms", baseline: "cat echo \(format(echo.max()!, decimals: 2)) ms",
                     passes: feedback.max()! < Self.feedbackTargetMilliseconds),
            .checked("6  pairs a minute, 1 s notes, instant answers", target: "≥ \(format(Self.pairsPerMinuteTarget, decimals: 0))",
                     measured: format(pairsPerMinute), baseline: "limit 60 (first note 1 s)",
                     passes: pairsPerMinute >= Self.pairsPerMinuteTarget),
        ]
    }

    /// A history of earlier answers, so Start has a real profile to rebuild.
    private func fillHistory(_ data: String) throws {
        let answers = String(repeating: "higher\nlower\nlower\n", count: Self.historyAnswers / 3)
        let result = try Shell.run([releaseDirectory + "/peach", "train", "--headless", "--no-audio", "--data-dir", data, "--seed", "1"], input: answers)
        guard result.status == 0 else { throw BenchError("could not fill the history: \(result.standardError)") }
    }

    /// Answers `pairs` pairs the moment each second note is announced; returns
    /// each key-to-feedback time and the pace in pairs a minute.
    private func answerPairs(_ terminal: PseudoTerminal) throws -> ([Double], Double) {
        var latencies: [Double] = []
        var answeredAt: [UInt64] = []
        let announced = terminal.occurrences(of: "Second note: higher or lower?")
        for index in 1...Self.pairs {
            try terminal.waitFor("second note #\(index)") { $0.occurrences(of: "Second note: higher or lower?") >= announced + index }
            let offset = terminal.transcript.count
            let pressed = Monotonic.nanoseconds()
            terminal.send(index % 2 == 0 ? "k" : "j")
            answeredAt.append(pressed)
            try terminal.waitFor("feedback #\(index)") { $0.written(after: offset).contains("(wait)") }
            latencies.append(Double(Monotonic.nanoseconds() - pressed) / 1e6)
        }
        let minutes = Double(answeredAt.last! - answeredAt.first!) / 60e9
        return (latencies, Double(Self.pairs - 1) / minutes)
    }

    /// A key typed into `cat` on a raw pseudo-terminal, until it comes back.
    /// A key echoed by `cat` through a pseudo-terminal, `count` times: the floor for any program's answer to a key.
    static func echoLatencies(count: Int) throws -> [Double] {
        let terminal = try PseudoTerminal(["/bin/sh", "-c", "stty raw -echo; echo ready; exec cat"])
        try terminal.waitFor(text: "ready")
        return try (0..<count).map { index in
            let offset = terminal.transcript.count
            let pressed = Monotonic.nanoseconds()
            terminal.send("x")
            try terminal.waitFor("echo #\(index)") { $0.written(after: offset).contains("x") }
            return Double(Monotonic.nanoseconds() - pressed) / 1e6
        }
    }
}
