import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// `--plain` covers every screen for screen readers: the start page, the
/// settings and the profile speak in lines of words, with no redraws.
@Suite struct PlainModeTests {
    /// A terminal that cannot move its cursor (TERM=dumb: Emacs' shell)
    /// gets the lines of --plain, not a full screen's escape codes.
    @Test func aDumbTerminalGetsLines() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let start = try TrainingScreenTests.peach(folder, ["--data-dir", folder.path + "/data"], environment: ["TERM": "dumb"])
        try start.waitFor(text: "Enter or space: start training")
        start.send("q")
        #expect(start.waitForExit() == 0)
        #expect(!String(decoding: start.transcript, as: UTF8.self).contains("\u{1B}["), "no escape sequences")
        let calendar = try TrainingScreenTests.peach(folder, ["journal", "--data-dir", folder.path + "/data"], environment: ["TERM": "dumb"])
        #expect(calendar.waitForExit() == 0)
        let said = String(decoding: calendar.transcript, as: UTF8.self)
        #expect(said.contains("no notes, training or recordings."), "\(said)")
        #expect(!said.contains("\u{1B}["), "no escape sequences: \(said)")
    }

    /// No TERM at all (a service, `env -i`) is as a dumb terminal; a
    /// metronome whose output goes to a file (keys from the terminal) writes
    /// lines there, not the full screen's escape codes at 80×24.
    @Test func noTermOrOutputToAFileGetsLines() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        for environment in [["TERM": ""], [:]] {
            // TERM empty, and TERM not there at all (`env -u`: the test terminal sets one).
            let unset = try PseudoTerminal(["/usr/bin/env", "-u", "TERM", BuildProducts.peach, "--data-dir", folder.path + "/data"],
                                           environment: ["XDG_CONFIG_HOME": folder.path + "/config"].merging(environment) { $1 })
            try unset.waitFor(text: "Enter or space: start training")
            unset.send("q")
            #expect(unset.waitForExit() == 0)
            #expect(!String(decoding: unset.transcript, as: UTF8.self).contains("\u{1B}["), "no escape sequences: \(environment)")
        }

        let log = folder.file("metronome.txt")
        let metronome = try PseudoTerminal(["/bin/sh", "-c", "exec \"$0\" metronome 100 --device null > \"$1\"", BuildProducts.peach, log],
                                           environment: ["XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data",
                                                         "XDG_CACHE_HOME": folder.path + "/cache"])
        try metronome.waitFor("the metronome's first line in the file") { _ in (FileManager.default.contents(atPath: log)?.count ?? 0) > 0 }
        // A new window size has nothing to redraw in lines (it wrote a screen clear into them).
        metronome.resize(columns: 60, rows: 20)
        // A key after it: its line in the file shows the new size was handled before it.
        metronome.send(TrainingScreenTests.up)
        try metronome.waitFor("the new tempo's line") { _ in
            String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self).contains("Tempo 101 BPM.")
        }
        metronome.send("q")
        #expect(metronome.waitForExit() == 0)
        let written = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        #expect(written.contains("100") && !written.contains("\u{1B}["), "\(written.debugDescription)")
    }

    /// Ctrl-Z on a tool's screen suspends it as a shell expects (it did
    /// nothing on the metronome, the drone, the tuner, the grid, the recorder,
    /// the journal and the settings; SIGTSTP ended a recording): the terminal
    /// is given back, and `fg` brings the screen back as it was.
    @Test(arguments: [["metronome", "100", "--device", "null"], ["journal"]])
    func ctrlZSuspendsAToolAndFgBringsItBack(command: [String]) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try PseudoTerminal(["/bin/bash", "--norc", "--noprofile", "-i"],
                                          environment: ["PS1": "shell$ ", "XDG_CONFIG_HOME": folder.path + "/config",
                                                        "XDG_DATA_HOME": folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache"])
        try terminal.waitFor(text: "shell$")
        terminal.send(([BuildProducts.peach] + command).joined(separator: " ") + "\r")
        try terminal.waitFor("the full screen, drawn") { $0.screen.privateModes.contains(1049) && $0.screen.text.contains("q quit") }
        terminal.send("\u{1A}")
        try terminal.waitFor(text: "Stopped")
        #expect(!terminal.screen.privateModes.contains(1049), "the terminal is given back while suspended")
        terminal.send("fg\r")
        try terminal.waitFor("the full screen again, drawn") { $0.screen.privateModes.contains(1049) && $0.screen.text.contains("q quit") }
        terminal.send("q")
        // The third prompt: the first, the one after Ctrl-Z, and the one after the tool ended.
        try terminal.waitFor("the shell again") { !$0.screen.privateModes.contains(1049) && $0.occurrences(of: "shell$ ") >= 3 }
        terminal.send("echo status=$?\r")
        try terminal.waitFor(text: "status=0")
        terminal.send("exit\r")
        _ = terminal.waitForExit()
    }

    /// Started with standard input closed, training read its own signal pipe
    /// as the keyboard and never ended; it ends as with `< /dev/null`.
    @Test func aClosedStandardInputEndsTrainingAtOnce() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Shell.run(["/bin/sh", "-c", "exec timeout -s KILL 20 \"$0\" train --device null --data-dir \"$1\" <&-", BuildProducts.peach,
                                    folder.path + "/data"], environment: ["XDG_CONFIG_HOME": folder.path + "/config"])
        #expect(result.status == 0, "\(result)")
        // A closed standard output is not a place to export to: it fails as `cat >&-` does (it exited 0, the CSV gone).
        let export = try Shell.run(["/bin/sh", "-c", "exec \"$0\" export - --data-dir \"$1\" >&-", BuildProducts.peach, folder.path + "/data"],
                                   environment: ["XDG_CONFIG_HOME": folder.path + "/config"])
        #expect(export.status != 0 && export.standardError.contains("Bad file descriptor"), "\(export)")
    }

    @Test func everyScreenSpeaksInLines() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let history = String(repeating: "higher\nlower\n", count: 20)
        #expect(try Shell.run([BuildProducts.peach, "train", "--headless", "--no-audio", "--data-dir", data, "--seed", "8"], input: history).status == 0)
        let terminal = try TrainingScreenTests.peach(folder, ["--plain", "--data-dir", data])
        try terminal.waitFor(text: "Enter or space: start training")
        #expect(terminal.occurrences(of: "Weak spots") == 1)

        terminal.send("s")
        try terminal.waitFor(text: "Note length: 1 s. 0.3 to 3 s, steps of 0.1.")
        terminal.send(TrainingScreenTests.right)
        try terminal.waitFor(text: "Note length: 1.1 s.")
        terminal.send(TrainingScreenTests.down)
        try terminal.waitFor(text: "Pause: 0 s.")
        terminal.send("\u{1B}")
        try terminal.waitFor("the start page again") { $0.occurrences(of: "Enter or space: start training") == 2 }
        #expect(try SettingsStore(path: folder.path + "/config/peach/settings.json").number(.noteDuration) == 1.1)

        terminal.send("p")
        try terminal.waitFor(text: "Left and right choose a key")
        try terminal.waitFor(text: "answers ·")  // the chosen key's detail, in words
        terminal.send(TrainingScreenTests.left)
        try terminal.waitFor("the next key's detail") { $0.occurrences(of: "answers ·") >= 2 }
        terminal.send("q")
        try terminal.waitFor("the start page again") { $0.occurrences(of: "Enter or space: start training") == 3 }
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
        #expect(!String(decoding: terminal.transcript, as: UTF8.self).contains("\u{1B}["), "no escape sequences anywhere")
    }
}
