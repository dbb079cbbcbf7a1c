import Foundation
import PeachAudio
import PeachHistory
import PeachHost
import PeachTestSupport
import PeachText
import Testing

/// Every screen fits every window from 40×12 up, as a musician sees it
/// through a real pseudo-terminal: the way-out hint on the last rows, the
/// content that matters on screen, and what does not fit reached by scrolling.
@Suite(.serialized) struct ScreenFitTests {
    static let sizes = [(40, 12), (50, 20), (80, 24)]
    static let down = "\u{1B}[B", pageDown = "\u{1B}[6~"

    /// `peach` on a window of `columns`×`rows`, with folders of its own and a trained history.
    static func peach(_ folder: TemporaryDirectory, _ arguments: [String] = [], columns: Int, rows: Int) throws -> PseudoTerminal {
        let data = folder.file("data")
        if !FileManager.default.fileExists(atPath: data) {
            let now = Date().timeIntervalSince1970
            let history = simulatedHistory(count: 300, keys: 48...72, start: now - 900) { $0 == 60 ? 50 : 15 }
            _ = try HistoryStore(directory: data).addImported(history, now: now)
        }
        return try PseudoTerminal([BuildProducts.peach] + arguments + ["--data-dir", data, "--wav", folder.file("out.wav")],
                                  environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share"),
                                                "XDG_CACHE_HOME": folder.file("cache")],
                                  columns: columns, rows: rows)
    }

    /// The lowest rows that hold text: where a page's hint belongs.
    static func foot(_ terminal: PseudoTerminal, rows: Int = 2) -> String {
        terminal.screen.lines.filter { !$0.isEmpty }.suffix(rows).joined(separator: "\n")
    }

    static func expectFits(_ terminal: PseudoTerminal, hint: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = terminal.screen.lines
        #expect(lines.count == terminal.screen.rows, sourceLocation: sourceLocation)
        #expect(lines.allSatisfy { $0.count <= terminal.screen.columns }, sourceLocation: sourceLocation)
        #expect(Self.foot(terminal).contains(hint), "\(what): the hint \"\(hint)\" at the foot of\n\(terminal.screen.text)",
                sourceLocation: sourceLocation)
        #expect(lines.last?.isEmpty == false, "\(what): the last row is used\n\(terminal.screen.text)", sourceLocation: sourceLocation)
    }

    @Test(arguments: sizes)
    func theStartPageTheProfileAndTheSettingsFit(columns: Int, rows: Int) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.peach(folder, columns: columns, rows: rows)
        try terminal.waitFor(text: "Start training")
        Self.expectFits(terminal, hint: "q quit", "start page \(columns)×\(rows)")
        #expect(terminal.screen.text.contains("Peach"))

        // The profile: the keyboard and its key names on screen, the key's detail there or a scroll away.
        terminal.send("p")
        // The hint's last words: a frame read in two pieces is judged only once whole.
        try terminal.waitFor(text: "other key: back")
        Self.expectFits(terminal, hint: "other key: back", "profile \(columns)×\(rows)")
        let chart = terminal.screen.lines
        #expect(chart.contains { $0.contains("▁") && $0.contains("█") }, "the keyboard\n\(terminal.screen.text)")
        #expect(chart.contains { $0.contains("C4") }, "the key names\n\(terminal.screen.text)")
        if rows >= 24 {
            #expect(terminal.screen.text.contains("threshold ") && terminal.screen.text.contains("% correct"), "the key's detail\n\(terminal.screen.text)")
        } else if !terminal.screen.text.contains("% correct") {
            #expect(terminal.screen.text.contains("more"), "a sign that there is more\n\(terminal.screen.text)")
            for _ in 0..<3 { terminal.send(Self.pageDown) }
            try terminal.waitFor("the detail scrolled into view") { $0.screen.text.contains("% correct") }
            Self.expectFits(terminal, hint: "other key: back", "profile scrolled \(columns)×\(rows)")
        }
        terminal.send("q")
        try terminal.waitFor(text: "Start training")

        // The settings: the first row at the top, the last reached by moving down, the hint always there.
        terminal.send("s")
        try terminal.waitFor(text: "Note length")
        Self.expectFits(terminal, hint: "Esc back", "settings \(columns)×\(rows)")
        for _ in 0..<14 { terminal.send(Self.down) }
        try terminal.waitFor("the last setting") { $0.screen.lines.contains { $0.contains("▶ Language") } }
        Self.expectFits(terminal, hint: "Esc back", "settings at the end \(columns)×\(rows)")
        if rows < 20 { #expect(!terminal.screen.text.contains("Note length"), "scrolled past the first row") }
        terminal.send("\u{1B}")
        try terminal.waitFor(text: "Start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test(arguments: sizes)
    func theTrainingScreenFits(columns: Int, rows: Int) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.peach(folder, ["train", "--duration", "0.3"], columns: columns, rows: rows)
        try terminal.waitFor("the second note") { $0.screen.text.contains("higher or lower?") }
        Self.expectFits(terminal, hint: "q stop", "training \(columns)×\(rows)")
        let text = terminal.screen.text
        #expect(text.contains("Higher") && text.contains("Lower") && text.contains("Sound: Sine"), "\(text)")
        terminal.send("q")
        try terminal.waitFor(text: "Start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
    }

    /// A page of text (the profile before any answer) keeps its hint in the smallest window.
    @Test func aTextPageFits() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try PseudoTerminal([BuildProducts.peach, "--data-dir", folder.file("empty")],
                                          environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share"),
                                                        "XDG_CACHE_HOME": folder.file("cache")],
                                          columns: 40, rows: 12)
        try terminal.waitFor(text: "Start training")
        Self.expectFits(terminal, hint: "q quit", "start page without answers")
        terminal.send("p")
        try terminal.waitFor(text: "any key: back")
        #expect(terminal.screen.text.contains("No answers yet"))
        Self.expectFits(terminal, hint: "any key: back", "text page")
        terminal.send("q")
        try terminal.waitFor(text: "Start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
    }

    /// A line wider than the window ends in "…", so a cut sentence does not
    /// read as whole (the tuner's "check the device, the channel and the").
    @Test func aCutLineSaysThereIsMore() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try SampleFixture.write([[Float](repeating: 0, count: 480_000)], sampleRate: 48_000, to: folder.file("x.wav"))
        let terminal = try PseudoTerminal([BuildProducts.peach, "tuner", "--input", folder.file("x.wav")],
                                          environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share"),
                                                        "XDG_CACHE_HOME": folder.file("cache")], columns: 60, rows: 20)
        try terminal.waitFor(text: "No signal from")
        let line = try #require(terminal.screen.lines.first { $0.contains("No signal from") })
        #expect(line.hasSuffix("…") && line.count <= 60, "\(line)")
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 10) == 0)
    }

    /// A terminal that is not UTF-8 (LC_ALL=POSIX) gets ASCII on every
    /// tool's screen: the metronome's big digits, arrows and dots were UTF-8
    /// bytes there, shown as garbage.
    /// Each waits for what shows last: the metronome's first beat in big digits, the tuner's no-signal line.
    @Test(arguments: [(["metronome", "92"], "bar 1"), (["drone", "D"], "q quit"), (["journal"], "q quit"), (["tuner", "--input", "x.wav"], "No signal")])
    func aTerminalThatIsNotUTF8GetsASCII(command: [String], shown: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try SampleFixture.write([[Float](repeating: 0, count: 480_000)], sampleRate: 48_000, to: folder.file("x.wav"))
        let terminal = try PseudoTerminal([BuildProducts.peach] + command.map { $0 == "x.wav" ? folder.file("x.wav") : $0 }
                                            + (["metronome", "drone"].contains(command[0]) ? ["--device", "null"] : []),
                                          environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share"),
                                                        "XDG_CACHE_HOME": folder.file("cache"), "LC_ALL": "POSIX"])
        try terminal.waitFor(text: "q quit")
        try terminal.waitFor(text: shown)
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 10) == 0)
        let high = terminal.transcript.filter { $0 >= 0x80 }
        #expect(high.isEmpty, "\(high.count) bytes beyond ASCII: \(String(decoding: terminal.transcript, as: UTF8.self))")
    }

    /// The practice tools' key lines break between their keys in a narrow or
    /// German window, so the way out shows with the rest (they were cut off
    /// at 80 columns: "… q qu", "… ←→ Bordunton ·"); at 40×12 the metronome
    /// drops its big digits for the keys (they were below the window).
    @Test(arguments: [(["drone", "D"], "q quit", [String]()), (["metronome", "92"], "q quit", []), (["metronome", "92"], "q Ende", ["--lang", "de"]),
                      (["tuner", "--input", "x.wav"], "q quit", [])])
    func theKeysOfAPracticeScreenAllShow(command: [String], quit: String, language: [String]) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try SampleFixture.write([[Float](repeating: 0, count: 480_000)], sampleRate: 48_000, to: folder.file("x.wav"))
        for (columns, rows) in [(80, 24), (50, 20), (40, 12)] {
            let wav = folder.file("out-\(columns).wav")
            let terminal = try PseudoTerminal([BuildProducts.peach] + language + command.map { $0 == "x.wav" ? folder.file("x.wav") : $0 } + (command[0] == "tuner" ? [] : ["--wav", wav]),
                                              environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share"),
                                                            "XDG_CACHE_HOME": folder.file("cache")],
                                              columns: columns, rows: rows)
            try terminal.waitFor(text: quit)
            #expect(terminal.screen.lines.allSatisfy { $0.count <= columns })
            terminal.send("q")
            #expect(terminal.waitForExit(timeout: 10) == 0)
        }
    }
}
