import Foundation
import Glibc
import PeachAudio
import PeachHistory
import PeachHost
import PeachTestSupport
import PeachTraining
import Testing

/// The real `peach` program driven through a pseudo-terminal, as a musician
/// would use it: keys in, screen out, history read back from disk.
@Suite(.serialized) struct TrainingScreenTests {
    static let up = "\u{1B}[A", down = "\u{1B}[B", left = "\u{1B}[D", right = "\u{1B}[C"
    static let secondNote = "Second note: higher or lower?"

    /// `peach` with `arguments` on a pseudo-terminal, with settings of its own in `folder`.
    static func peach(_ folder: TemporaryDirectory, _ arguments: [String], environment: [String: String] = [:],
                      columns: Int = 80, rows: Int = 24) throws -> PseudoTerminal {
        try PseudoTerminal([BuildProducts.peach] + arguments, environment: ["XDG_CONFIG_HOME": folder.path + "/config"].merging(environment) { $1 },
                           columns: columns, rows: rows)
    }

    /// q stops training, the start page shows, q again quits, and Peach exits cleanly.
    static func stopAndQuit(_ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) throws {
        terminal.send("q")
        try terminal.waitFor(text: "Start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0, sourceLocation: sourceLocation)
    }

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
        let terminal = try Self.peach(folder, ["--data-dir", data, "--wav", folder.path + "/out.wav",
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
                terminal.send("t")  // the next pair uses the other source, in its first timbre
                try terminal.waitFor(text: "→ C Tone: Soft")
            }
            if index == 15 {
                terminal.send("t")  // and then its next timbre
                try terminal.waitFor(text: "→ C Tone: Bright")
            }
            let key = keys[index % keys.count]
            terminal.send(key)
            sent.append(["k", Self.up, "w", Self.right, "l"].contains(key) ? .higher : .lower)
        }
        try terminal.waitFor(text: "Sound: C Tone")
        try terminal.waitFor(text: "first note")
        terminal.send("q")
        try terminal.waitFor(text: "Start training")
        #expect(terminal.screen.text.contains("Weak spots"), "the start page shows the new profile")
        // The less prominent entries: each page, then Escape back to the start page. Each waits for
        // the page's hint, drawn last, so Escape never arrives with the next key (that would be Alt-s).
        for (key, shows, hint) in [("p", "20 answers", "other key: back"), ("s", "C Tone (org.example.ctone)", "Esc back")] {
            terminal.send(key)
            try terminal.waitFor(text: shows)
            try terminal.waitFor(text: hint)
            terminal.send("\u{1B}")
            try terminal.waitFor(text: "q quit")
        }
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
        #expect(terminal.screen.bells == history.filter { !$0.correct }.count, "the bell rings for each wrong answer")
        // The sound last trained with is remembered for next time, timbre included.
        let settings = try SettingsStore(path: folder.path + "/config/peach/settings.json")
        #expect(settings.text(.source) == "org.example.ctone")
        #expect(settings.sourceOptions(for: "org.example.ctone").map { "\($0.key)=\($0.value)" } == ["shape=bright"])
        #expect(terminal.occurrences(of: "👎") >= 1 || history.allSatisfy(\.correct))

        // The terminal is as it was: modes, main screen, visible cursor, no mouse reports.
        #expect(terminal.modesNow.c_lflag == terminal.modesBefore.c_lflag)
        #expect(terminal.modesNow.c_iflag == terminal.modesBefore.c_iflag)
        #expect(!terminal.screen.privateModes.contains(1049))
        #expect(terminal.screen.privateModes.contains(25))
        #expect(!terminal.screen.privateModes.contains(1000))
    }

    /// Ctrl-Z under a real job-control shell, a resize and a lost audio
    /// device each cut a pair short: none of those pairs is recorded, and
    /// training carries on with new pairs.
    /// A saved sound that cannot play (its plugin gone, an instrument
    /// unplugged) is stood in for by the sine, said on the training screen,
    /// and kept in the settings: the stand-in was saved over it. A sound the
    /// user picks meanwhile is saved as before.
    @Test func aStandInSoundIsNotSavedOverTheSavedOne() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let settingsFile = folder.path + "/config/peach/settings.json"
        try FileManager.default.createDirectory(atPath: folder.path + "/config/peach", withIntermediateDirectories: true)
        let planted = #"{"source": "org.example.unplugged", "source-options": {"org.example.unplugged": {"port": "Digital Piano"}}}"#
        try Data(planted.utf8).write(to: URL(fileURLWithPath: settingsFile))
        let plugins = try Self.pluginFolder(folder)
        let arguments = { (wav: String) in ["train", "--data-dir", folder.path + "/data", "--wav", folder.file(wav), "--plugin-path", plugins] }
        let terminal = try Self.peach(folder, arguments("out.wav"))
        try terminal.waitFor(text: "The saved sound org.example.unplugged cannot play")
        try Self.stopAndQuit(terminal)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: settingsFile)), as: UTF8.self) == planted)

        let picked = try Self.peach(folder, arguments("out2.wav"))
        try picked.waitFor(text: "Sound: Sine")
        picked.send("t")
        try picked.waitFor(text: "Sound: Sine → C Tone")
        // It plays from the next pair on: answer this one.
        try Self.waitForSecondNote(picked, count: 1)
        picked.send("k")
        try picked.waitFor("the picked sound playing") { $0.screen.text.contains("Sound: C Tone") && !$0.screen.text.contains("→") }
        try Self.stopAndQuit(picked)
        #expect(try SettingsStore(path: settingsFile).text(.source) == "org.example.ctone")
    }

    @Test func eachAnswerRecordsTheTimbreThatPlayedIt() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let terminal = try Self.peach(folder, ["train", "--data-dir", data, "--device", "null", "--duration", "0.3", "--plugin-path",
                                               try Self.pluginFolder(folder), "--source", "org.example.ctone", "--option", "shape=soft"])
        try Self.waitForSecondNote(terminal, count: 1)
        terminal.send("t")  // the next pair in the next timbre
        try terminal.waitFor(text: "→ C Tone: Bright")
        terminal.send("k")
        try Self.waitForSecondNote(terminal, count: 2)
        terminal.send("k")
        try Self.waitForSecondNote(terminal, count: 3)
        try Self.stopAndQuit(terminal)
        #expect(try Self.history(data).map(\.timbre) == [["shape": "soft"], ["shape": "bright"]])
    }

    /// A SoundFont program whose pairs drift (TimGM6mb's muted guitar, 0.15
    /// cent at wide intervals) is never put in play: `t` onto it keeps the
    /// program before it and says why; the next `t` steps over it.
    @Test func aProgramWhosePairsDriftIsNotOffered() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let terminal = try Self.peach(folder, ["train", "--data-dir", data, "--device", "null", "--duration", "0.3", "--source", FluidFixture.sourceID,
                                               "--option", "font=\(FluidFixture.timGM6mb)", "--option", "program=27"],
                                      environment: ["XDG_CACHE_HOME": folder.path + "/cache"], columns: 120)
        try Self.waitForSecondNote(terminal, count: 1)
        terminal.send("t")
        try terminal.waitFor(text: "→ FluidSynth: Electric Guitar (muted)")
        terminal.send("k")
        try terminal.waitFor(text: "Electric Guitar (muted) cannot play")
        try Self.waitForSecondNote(terminal, count: 2)
        // The list to choose from by name no longer offers it.
        terminal.send("i")
        try terminal.waitFor(text: "letters narrow")
        terminal.send("muted")
        try terminal.waitFor("the list narrowed") { !$0.screen.text.contains("Electric Guitar (jazz)") }
        #expect(!terminal.screen.text.contains("Electric Guitar (muted)"), "\(terminal.screen.text)")
        terminal.send("\u{1B}")
        try Self.waitForSecondNote(terminal, count: 3)
        terminal.send("t")  // steps over the muted guitar now, to the overdriven one
        try terminal.waitFor(text: "→ FluidSynth: Overdriven Guitar")
        terminal.send("k")
        try Self.waitForSecondNote(terminal, count: 4)
        terminal.send("k")
        try Self.waitForSecondNote(terminal, count: 5)
        try Self.stopAndQuit(terminal)
        #expect(try Self.history(data).map { $0.timbre["program"] } == ["27", "27", "29"])
    }

    @Test func interruptedPairsLeaveNoRecord() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let fifo = folder.path + "/audio.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        var device = try PipeReader(path: fifo)
        let terminal = try PseudoTerminal(["/bin/bash", "--norc", "--noprofile", "-i"],
                                          environment: ["PS1": "shell$ ", "XDG_CONFIG_HOME": folder.path + "/config"])
        try terminal.waitFor(text: "shell$")
        terminal.send("\(BuildProducts.peach) train --data-dir \(data) --wav \(fifo) --duration 0.6 --seed 5\r")

        var seen = 0
        func answerNextPair(_ key: String) throws {
            seen += 1
            try Self.waitForSecondNote(terminal, count: seen)
            terminal.send(key)
            try terminal.waitFor(text: "first note")
        }
        try answerNextPair("k")

        // Suspended during a first note: the shell takes over; fg brings training back.
        terminal.send("\u{1A}")
        try terminal.waitFor(text: "Stopped")
        #expect(!terminal.screen.privateModes.contains(1049), "the terminal is given back while suspended")
        #expect(try Self.history(data).count == 1)
        terminal.send("fg\r")
        try answerNextPair("j")

        // The window resized mid-pair: that pair is dropped, a new one starts.
        terminal.resize(columns: 100, rows: 30)
        try answerNextPair("k")

        // The audio device lost mid-pair: Peach says so, waits, and goes on when it is back.
        device.close()
        try terminal.waitFor(text: "Sound stopped")
        #expect(try Self.history(data).count == 3)
        device = try PipeReader(path: fifo)
        try answerNextPair("j")
        device.close()
        device = try PipeReader(path: fifo)  // so stopping is not slowed by a missing reader

        terminal.send("q")
        try terminal.waitFor(text: "Start training")
        terminal.send("q")
        try terminal.waitFor("the shell's prompt after Peach") { $0.occurrences(of: "shell$") == 3 }
        terminal.send("exit $?\r")  // the shell ends with Peach's exit status
        #expect(terminal.waitForExit() == 0)
        device.close()

        let history = try Self.history(data)
        #expect(history.map(\.answer) == [.higher, .lower, .higher, .lower])
    }

    @Test func layoutFollowsTheWindowAndNeedsNoColour() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.peach(folder, ["train", "--data-dir", folder.path + "/data", "--wav", folder.path + "/out.wav",
                                           "--duration", "0.4", "--no-bell"],
                                          environment: ["NO_COLOR": "1", "LANG": "C", "LC_ALL": "", "LC_CTYPE": ""], columns: 80, rows: 24)
        try Self.waitForSecondNote(terminal, count: 1)

        // Landscape: Lower and Higher side by side, Lower on the left as on a piano.
        func position(of word: String) -> (row: Int, column: Int)? {
            for (row, line) in terminal.screen.lines.enumerated() {
                if let range = line.range(of: word) { return (row, line.distance(from: line.startIndex, to: range.lowerBound)) }
            }
            return nil
        }
        let lower = try #require(position(of: "Lower")), higher = try #require(position(of: "Higher"))
        #expect(lower.row == higher.row && lower.column < higher.column)

        // A click on Higher answers it.
        terminal.send("\u{1B}[<0;\(higher.column + 1);\(higher.row + 1)M")
        try terminal.waitFor(text: "first note")
        try Self.waitForSecondNote(terminal, count: 2)

        // Portrait in 40 columns: Higher above Lower, nothing cut off.
        terminal.resize(columns: 40, rows: 24)
        try terminal.waitFor("portrait layout") { terminal in
            let lines = terminal.screen.lines
            guard let top = lines.firstIndex(where: { $0.contains("Higher") }), let bottom = lines.firstIndex(where: { $0.contains("Lower") }) else { return false }
            return top < bottom
        }
        #expect(terminal.screen.lines.allSatisfy { $0.count <= 40 })
        try Self.waitForSecondNote(terminal, count: 3)
        terminal.send("j")
        try terminal.waitFor(text: "first note")
        terminal.send("\u{1B}")  // Escape stops
        try terminal.waitFor(text: "Start training")
        terminal.send("\u{03}")  // Ctrl-C quits
        #expect(terminal.waitForExit() == 0)

        // NO_COLOR: no colour or other styling, only plain text and cursor moves.
        let written = String(decoding: terminal.transcript, as: UTF8.self)
        let styles = written.components(separatedBy: "\u{1B}[").dropFirst().compactMap { sequence -> String? in
            guard let end = sequence.firstIndex(where: { $0.isLetter }), sequence[end] == "m" else { return nil }
            return String(sequence[..<end])
        }
        #expect(Set(styles).isSubset(of: ["0"]), "styles used: \(Set(styles))")
        let history = try Self.history(folder.path + "/data")
        #expect(history.count == 2)
        #expect(terminal.screen.bells == 0, "--no-bell")
        // Outside a UTF-8 locale the feedback is words and ASCII signs, no emoji.
        #expect(!written.contains("👍") && !written.contains("👎") && !written.contains("╭"))
        #expect(written.contains(history[0].correct ? "(+) Right" : "(-) Wrong"))
    }

    /// Keys as terminals send them: Alt+k (Escape, then k) is no key (read
    /// as Escape, it ended training); an arrow whose bytes arrive 60 ms apart
    /// (over ssh) is still the arrow. In lines, a new window size keeps the
    /// pair (it was dropped unsaid, and the listener's answer lost).
    @Test func altKeysSplitArrowsAndResizingKeepThePair() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.peach(folder, ["train", "--plain", "--data-dir", folder.path + "/data",
                                           "--wav", folder.path + "/out.wav", "--duration", "0.3", "--seed", "9"])
        try Self.waitForSecondNote(terminal, count: 1)
        terminal.send("\u{1B}k")
        terminal.send("\u{1B}")
        usleep(60_000)
        terminal.send("[A")
        try terminal.waitFor("result #1") { $0.occurrences(of: "Right.") + $0.occurrences(of: "Wrong.") >= 1 }
        try Self.waitForSecondNote(terminal, count: 2)
        terminal.resize(columns: 100, rows: 30)
        terminal.keepReading(for: 0.3)
        terminal.send("j")
        try terminal.waitFor("result #2") { $0.occurrences(of: "Right.") + $0.occurrences(of: "Wrong.") >= 2 }
        #expect(terminal.occurrences(of: Self.secondNote) == 2, "the same pair after the resize")
        try Self.stopAndQuitPlain(terminal)
        #expect(try Self.history(folder.path + "/data").map(\.answer) == [.higher, .lower])
    }

    static func stopAndQuitPlain(_ terminal: PseudoTerminal) throws {
        terminal.send("q")
        try terminal.waitFor(text: "Enter or space: start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func plainModeSpeaksInLines() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.peach(folder, ["train", "--plain", "--data-dir", folder.path + "/data",
                                           "--wav", folder.path + "/out.wav", "--duration", "0.3", "--seed", "9"])
        for count in 1...3 {
            try Self.waitForSecondNote(terminal, count: count)
            terminal.send(count == 2 ? "k" : "j")
            try terminal.waitFor("result #\(count)") { $0.occurrences(of: "Right.") + $0.occurrences(of: "Wrong.") >= count }
        }
        terminal.send("q")
        try terminal.waitFor(text: "Enter or space: start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
        let written = String(decoding: terminal.transcript, as: UTF8.self)
        #expect(!written.contains("\u{1B}["), "no escape sequences: nothing is redrawn")
        let history = try Self.history(folder.path + "/data")
        #expect(history.map(\.answer) == [.lower, .higher, .lower])
        let results = written.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("Right.") || $0.hasPrefix("Wrong.") }
        #expect(results.map { $0.hasPrefix("Right.") } == history.map(\.correct))
    }

    /// Checks that the program left the terminal as it found it.
    static func expectRestored(_ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(terminal.modesNow.c_lflag == terminal.modesBefore.c_lflag, sourceLocation: sourceLocation)
        #expect(terminal.modesNow.c_iflag == terminal.modesBefore.c_iflag, sourceLocation: sourceLocation)
        #expect(!terminal.screen.privateModes.contains(1049), "main screen back", sourceLocation: sourceLocation)
        #expect(terminal.screen.privateModes.contains(25), "cursor shown", sourceLocation: sourceLocation)
        #expect(!terminal.screen.privateModes.contains(1000), "mouse reports off", sourceLocation: sourceLocation)
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT])
    func aSignalEndsTrainingAndRestoresTheTerminal(signal: Int32) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let terminal = try Self.peach(folder, ["train", "--data-dir", data, "--wav", folder.path + "/out.wav", "--duration", "0.3"])
        try Self.waitForSecondNote(terminal, count: 1)
        terminal.send("k")
        try terminal.waitFor(text: "first note")
        terminal.signal(signal)
        let status = try #require(terminal.waitForExit())
        #expect(status & 0x7F == signal, "ended by the signal, after tidying up")
        Self.expectRestored(terminal)
        #expect(try Self.history(data).count == 1, "the answered pair is saved; the pair cut short is not")
        #expect(FileManager.default.fileExists(atPath: data + "/profile"), "the profile snapshot was written")
    }

    /// A plugin that crashes or hangs in `process` after two answered pairs:
    /// the terminal comes back, the plugin is named, both answers are kept.
    @Test(arguments: ["CRASH_IN_PROCESS", "HANG_IN_PROCESS"])
    func aCrashOrHangInAPluginRestoresTheTerminalAndKeepsTheAnswers(define: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        // The fifth note is the third pair's first.
        try CPlugin.build(BrokenPluginTests.fixture, named: "libfaulty", in: folder.path, defines: [define, "FAIL_AT_NOTE=5"])
        let terminal = try Self.peach(folder, ["train", "--data-dir", data, "--wav", folder.path + "/out.wav", "--duration", "0.3",
                                           "--plugin-path", folder.path, "--plugin-isolation", "in-process", "--source", "org.peach.test.fixture"])
        for count in 1...2 {
            try Self.waitForSecondNote(terminal, count: count)
            terminal.send(count == 1 ? "k" : "j")
        }
        let status = try #require(terminal.waitForExit())
        #expect(status & 0x7F == 0 && (status >> 8) & 0xFF == 70, "exited with status 70, not killed: \(status)")
        Self.expectRestored(terminal)
        #expect(terminal.screen.text.contains(define == "CRASH_IN_PROCESS" ? "crashed in process (SIGSEGV)" : "hung in process"),
                "\(terminal.screen.text)")
        #expect(try Self.history(data).map(\.answer) == [.higher, .lower], "both answers are saved")
    }

    /// The same plugin by default, in a bridge process: Peach goes on, names
    /// what happened, keeps both answers, and quits cleanly when asked.
    @Test func aThirdPartyPluginThatCrashesWhileTrainingCostsOnlyItsSound() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        try CPlugin.build(BrokenPluginTests.fixture, named: "libfaulty", in: folder.path, defines: ["CRASH_IN_PROCESS", "FAIL_AT_NOTE=5"])
        let terminal = try Self.peach(folder, ["train", "--data-dir", data, "--wav", folder.path + "/out.wav", "--duration", "0.3",
                                           "--plugin-path", folder.path, "--source", "org.peach.test.fixture"])
        for count in 1...2 {
            try Self.waitForSecondNote(terminal, count: count)
            terminal.send(count == 1 ? "k" : "j")
        }
        try terminal.waitFor(text: "crashed (signal 11")
        try Self.stopAndQuit(terminal)  // Peach went on: the start page comes back and q quits with 0
        Self.expectRestored(terminal)
        #expect(try Self.history(data).map(\.answer) == [.higher, .lower], "both answers are saved, the pair cut short is not")
    }

    /// `r` during a pair plays one in its place, which is the one answered;
    /// the pair first heard is not recorded (the plain mode says so in words).
    @Test func rPlaysThePairAgainAndOnlyTheAnswerIsRecorded() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let terminal = try Self.peach(folder, ["train", "--plain", "--data-dir", data, "--wav", folder.path + "/out.wav", "--duration", "0.3"])
        try terminal.waitFor(text: "Second note: higher or lower?")
        terminal.send("r")
        try terminal.waitFor(text: "Again: the same step at the same key")
        try terminal.waitFor("the second note of the pair in its place") { $0.occurrences(of: "Second note: higher or lower?") >= 2 }
        terminal.send("k")
        try terminal.waitFor("the answer") { $0.occurrences(of: "Right.") + $0.occurrences(of: "Wrong.") >= 1 }
        terminal.send("q")
        try terminal.waitFor(text: "Enter or space: start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
        let history = try Self.history(data)
        #expect(history.count == 1 && history[0].answer == .higher && abs(history[0].cents) == 100, "\(history)")
    }

    /// Training `range` on the ABI 1.1 fixture, built into `folder`: it declares 20 to 2000 Hz and refuses every note above 1000 Hz.
    static func trainOnABI11Fixture(in folder: TemporaryDirectory, data: String, range: String, columns: Int = 80) throws -> PseudoTerminal {
        try CPlugin.build(BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/abi11_source.c", named: "libabi11", in: folder.path)
        return try peach(folder, ["train", "--data-dir", data, "--wav", folder.path + "/out.wav", "--duration", "0.3",
                                  "--range", range, "--plugin-path", folder.path, "--source", "org.peach.test.abi11"], columns: columns)
    }

    /// A source that refuses the notes of a pair (ABI 1.1) costs that pair,
    /// not the source: another pair follows; one that keeps refusing pauses
    /// training with its own words. Nothing refused is recorded.
    @Test func refusedPairsAreSkippedAndNeverRecorded() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        // The fixture refuses every note above 1000 Hz: all of C6 to B6 (a pair a semitone up from B6 would pass
        // the 2000 Hz it declares, so it is played lower down).
        let terminal = try Self.trainOnABI11Fixture(in: folder, data: data, range: "C6-B6")
        try terminal.waitFor(text: "keeps failing (no pitch above 1000 Hz, asked ")
        try Self.stopAndQuit(terminal)
        Self.expectRestored(terminal)
        #expect(try Self.history(data).isEmpty, "no refused pair was recorded")
    }

    /// A fixed range the sound cannot play pauses training before any pair,
    /// saying what the sound plays; another sound carries on.
    @Test func aRangeTheSoundCannotPlayPausesTrainingUntilAnotherSound() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let terminal = try Self.trainOnABI11Fixture(in: folder, data: data, range: "C6-C7", columns: 240)
        try terminal.waitFor(text: "the training range C6-C7 reaches beyond them")
        #expect(terminal.screen.text.contains("plays 20 to 2000 Hz"), "\(terminal.screen.text)")
        terminal.send("t")  // the sine plays C7
        try Self.waitForSecondNote(terminal, count: 1)
        terminal.send("j")
        try terminal.waitFor(text: "first note")
        try Self.stopAndQuit(terminal)
        Self.expectRestored(terminal)
        let history = try Self.history(data)
        #expect(history.count == 1 && history[0].sourceID != "org.peach.test.abi11", "\(history.map(\.sourceID))")
    }

    @Test func aFailingSourceIsRestartedThenSetAside() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        try CPlugin.build(BrokenPluginTests.fixture, named: "libfails", in: folder.path, defines: ["PROCESS_ERROR"])
        let terminal = try Self.peach(folder, ["train", "--data-dir", data, "--wav", folder.path + "/out.wav",
                                           "--duration", "0.3", "--plugin-path", folder.path, "--source", "org.peach.test.fixture"])
        try terminal.waitFor(text: "keeps failing (synth engine gave up)")
        terminal.send("t")  // the next sound takes over at once
        try terminal.waitFor("another sound") { terminal in
            terminal.screen.text.contains("Sound: ") && !terminal.screen.text.contains("Sound: Test Fixture") && !terminal.screen.text.contains("keeps failing")
        }
        try Self.waitForSecondNote(terminal, count: 1)
        terminal.send("j")
        try terminal.waitFor(text: "first note")
        try Self.stopAndQuit(terminal)
        let history = try Self.history(data)
        #expect(history.count == 1 && history[0].sourceID != "org.peach.test.fixture", "no pair of the failing source was recorded")
    }

    @Test func settingsFromTheScreenAndFromAnotherTerminalApplyAtTheNextPair() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data", settingsFile = folder.path + "/config/peach/settings.json"
        let terminal = try Self.peach(folder, ["--data-dir", data, "--wav", folder.path + "/out.wav", "--seed", "4"])
        try terminal.waitFor(text: "Start training")
        terminal.send("s")
        try terminal.waitFor(text: "0.3 to 3 s, steps of 0.1")  // the note length is chosen first, with its range
        for _ in 0..<6 { terminal.send(Self.left) }
        try terminal.waitFor(text: "0.4 s")
        terminal.send("\u{1B}")
        try terminal.waitFor(text: "Start training")
        #expect(try SettingsStore(path: settingsFile).number(.noteDuration) == 0.4)

        terminal.send("\r")
        try Self.waitForSecondNote(terminal, count: 1)
        terminal.send("k")
        try terminal.waitFor(text: "first note")
        // Pair 2 is playing: a change made now applies from pair 3.
        let set = try Shell.run([BuildProducts.peach, "settings", "set", "note-duration", "0.6"], environment: ["XDG_CONFIG_HOME": folder.path + "/config"])
        #expect(set.status == 0, "\(set.standardError)")
        try Self.waitForSecondNote(terminal, count: 2)
        terminal.send("j")
        try terminal.waitFor(text: "Settings changed (Note length)")
        try Self.waitForSecondNote(terminal, count: 3)
        terminal.send("k")
        try terminal.waitFor(text: "first note")
        try Self.stopAndQuit(terminal)
        #expect(try Self.history(data).map(\.noteSeconds) == [0.4, 0.4, 0.6])
    }
}
