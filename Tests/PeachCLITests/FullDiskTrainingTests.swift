import Foundation
import Glibc
import PeachAudio
import PeachHistory
import PeachHost
import PeachTestSupport
import Testing

/// Training on a disk that cannot take the answer: a real full tmpfs and a
/// real file size limit. Training stops at once and says why in full; no pair
/// is played whose answer is bound to be lost, and no answer looks trained
/// that was not saved.
@Suite(.serialized) struct FullDiskTrainingTests {
    /// The screen's words on one line, whatever the wrapping.
    static func words(_ terminal: PseudoTerminal) -> String {
        terminal.screen.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func aFullDiskStopsTrainingBeforeAPairWhoseAnswerWouldBeLostInFullAt40Columns() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        guard let disk = try SmallDisk.mountOrSkip(at: folder.file("disk"), bytes: 1 << 20) else { return }
        defer { disk.unmount() }
        let data = disk.path + "/data"
        let terminal = try TrainingScreenTests.peach(folder, ["train", "--data-dir", data, "--wav", folder.file("out.wav"), "--duration", "0.3",
                                                              "--seed", "3"], columns: 40, rows: 24)
        for index in 1...3 {
            try TrainingScreenTests.waitForSecondNote(terminal, count: index)
            if index == 3 { disk.fill() }  // the disk fills up while the third pair plays
            terminal.send(index == 2 ? "j" : "k")
        }
        let stopped = "Training stopped: the next answer could not be saved."
        try terminal.waitFor("the stop") { Self.words($0).contains(stopped) }
        let shown = Self.words(terminal)
        #expect(shown.contains("No space left on device") && shown.contains("Every answer so far is saved."), "\(shown)")
        #expect(!shown.contains("👍") && !shown.contains("👎"), "no feedback stands beside the stop")
        #expect(terminal.screen.lines.allSatisfy { $0.count <= 40 })
        #expect(try TrainingScreenTests.history(data).count == 3, "the third answer still fit in the file's last block")
        let afterStop = terminal.transcript.count
        terminal.send("k")  // no target takes it: nothing plays
        terminal.readAvailable(waitSeconds: 0.5)
        #expect(!terminal.written(after: afterStop).contains("First note"), "no pair plays after the stop")
        #expect(terminal.occurrences(of: TrainingScreenTests.secondNote) == 3)
        try TrainingScreenTests.stopAndQuit(terminal)

        // Started again on the full disk: it says so before the first pair.
        let again = try TrainingScreenTests.peach(folder, ["train", "--data-dir", data, "--wav", folder.file("out2.wav")], columns: 40, rows: 24)
        try again.waitFor("the stop") { Self.words($0).contains(stopped) }
        #expect(again.occurrences(of: "First note") == 0)
        try TrainingScreenTests.stopAndQuit(again)
        #expect(try TrainingScreenTests.history(data).count == 3)

        // Headless: a JSON error line instead of the first pair, and a failure status.
        let headless = try Shell.run([BuildProducts.peach, "train", "--headless", "--no-audio", "--data-dir", data], input: "higher\n")
        #expect(headless.status == 1)
        let lines = headless.standardOutput.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix(#"{"message":"cannot write "#) && lines[0].contains("No space left on device")
                && lines[0].hasSuffix(#""type":"error"}"#), "\(headless.standardOutput)")
    }

    @Test func anAnswerThatCannotBeWrittenStopsTrainingAndIsNeverShownAsTrained() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let historyFile = try {
            let store = try HistoryStore(directory: data, machine: "laptop")  // its training lock goes with it
            for time in [1.0, 2, 3] { try store.append(answer(1_790_000_000 + time)) }
            return store.ownHistoryPath
        }()
        let before = try Data(contentsOf: URL(fileURLWithPath: historyFile))
        // A file size limit lets the next line start but not finish: the write fails half-way.
        let terminal = try PseudoTerminal(["/usr/bin/prlimit", "--fsize=\(before.count + 100)", BuildProducts.peach, "train", "--data-dir", data,
                                           "--device", "null", "--duration", "0.3"],
                                          environment: ["XDG_CONFIG_HOME": folder.path + "/config", "PEACH_MACHINE": "laptop"], columns: 40, rows: 24)
        try TrainingScreenTests.waitForSecondNote(terminal, count: 1)
        terminal.send("k")
        try terminal.waitFor("the stop") { Self.words($0).contains("Training stopped: this answer could not be saved, so it does not count.") }
        let shown = Self.words(terminal)
        #expect(shown.contains("File too large"), "\(shown)")
        #expect(!terminal.screen.text.contains("Right") && !terminal.screen.text.contains("Wrong"), "the unsaved answer shows no feedback")
        #expect(try Data(contentsOf: URL(fileURLWithPath: historyFile)) == before, "the half-written line is taken back")
        terminal.send("q")
        try terminal.waitFor(text: "Start training")
        terminal.send("q")
        _ = terminal.waitForExit()
    }
}
