import Foundation
import Glibc
import PeachHost
import PeachTestSupport
import Testing

/// The real `peach` program driven through a pseudo-terminal, as a musician
/// would use it: keys in, screen out, history read back from disk.
@Suite(.serialized) struct TrainingScreenTests {
    static let up = "\u{1B}[A", down = "\u{1B}[B", left = "\u{1B}[D", right = "\u{1B}[C"
    static let secondNote = "Second note: higher or lower?"

    /// A plugin folder with the C example source next to the Sine plugin, so there is a timbre to switch to.
    static func pluginFolder(_ folder: TemporaryDirectory) throws -> String {
        let path = folder.path + "/plugins"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try CPlugin.build(BuildProducts.packageRoot + "/examples/c-tone-source/tone_source.c", named: "libctone", in: path)
        return path
    }

    static func history(_ folder: String) throws -> [TrainingAnswer] {
        try HistoryStore(directory: folder).readAll().answers
    }

    /// Waits until the targets take an answer: the n-th time the second note is announced.
    static func waitForSecondNote(_ terminal: PseudoTerminal, count: Int) throws {
        try terminal.waitFor("second note #\(count)") { $0.occurrences(of: secondNote) >= count }
    }

    @Test func startPageTwentyAnswersTimbreSwapAndStop() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let terminal = try PseudoTerminal([BuildProducts.peach, "--data-dir", data, "--wav", folder.path + "/out.wav",
                                           "--duration", "0.4", "--seed", "3", "--plugin-path", try Self.pluginFolder(folder)])

        // The start page: name, a line on what it does, the profile sketch, Start.
        try terminal.waitFor(text: "Start training")
        #expect(terminal.screen.text.contains("Peach"))
        #expect(terminal.screen.text.contains("No answers yet"))
        #expect(terminal.screen.privateModes.contains(1049), "alternate screen")
        #expect(!terminal.screen.privateModes.contains(25), "cursor hidden")

        terminal.send("\r")
        try terminal.waitFor(text: "first note")
        #expect(terminal.screen.text.contains("(wait)"), "targets are disabled during the first note")
        terminal.send("k")  // ignored: the first note is still playing
        terminal.send(Self.down)

        let keys = ["k", "j", Self.up, Self.down, "w", "s", Self.right, Self.left, "l", "h"]
        var sent: [PitchDirection] = []
        for index in 0..<20 {
            try Self.waitForSecondNote(terminal, count: index + 1)
            #expect(!terminal.screen.text.contains("(wait)"), "targets are enabled during the second note")
            if index == 10 {
                terminal.send("t")  // the next pair uses the other source
                try terminal.waitFor(text: "→ C Tone")
            }
            let key = keys[index % keys.count]
            terminal.send(key)
            sent.append(["k", Self.up, "w", Self.right, "l"].contains(key) ? .higher : .lower)
        }
        try terminal.waitFor(text: "Sound: C Tone")
        try terminal.waitFor(text: "first note")
        terminal.send("q")
        try terminal.waitFor(text: "Start training")
        #expect(terminal.screen.text.contains("Weakest:"), "the start page shows the new profile")
        terminal.send("q")
        let status = try #require(terminal.waitForExit())
        #expect(status == 0)

        // Everything answered, and nothing else, is in the history, in order.
        let history = try Self.history(data)
        #expect(history.count == 20)
        #expect(history.map(\.answer) == sent)
        #expect(history.prefix(11).allSatisfy { $0.sourceID == "org.peach.sine" })
        #expect(history.suffix(9).allSatisfy { $0.sourceID == "org.example.ctone" })
        #expect(history.allSatisfy { $0.correct == (($0.cents > 0) == ($0.answer == .higher)) && $0.noteSeconds == 0.4 })

        // The terminal is as it was: modes, main screen, visible cursor, no mouse reports.
        #expect(terminal.modesNow.c_lflag == terminal.modesBefore.c_lflag)
        #expect(terminal.modesNow.c_iflag == terminal.modesBefore.c_iflag)
        #expect(!terminal.screen.privateModes.contains(1049))
        #expect(terminal.screen.privateModes.contains(25))
        #expect(!terminal.screen.privateModes.contains(1000))
    }
}
