import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// The values the settings screen offers, driven through a pseudo-terminal
/// and read back from the file it saves.
@Suite(.serialized) struct SettingsScreenValueTests {
    static let down = "\u{1B}[B", right = "\u{1B}[C", left = "\u{1B}[D"

    static func peach(_ folder: TemporaryDirectory, environment: [String: String] = [:], columns: Int = 80, rows: Int = 24) throws -> PseudoTerminal {
        try PseudoTerminal([BuildProducts.peach, "--data-dir", folder.path + "/data"],
                           environment: ["XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data",
                                         "XDG_CACHE_HOME": folder.path + "/cache"].merging(environment) { $1 }, columns: columns, rows: rows)
    }

    /// The settings screen opened from the start page, on the Pause row.
    static func onThePauseRow(_ folder: TemporaryDirectory) throws -> PseudoTerminal {
        let terminal = try peach(folder)
        try terminal.waitFor(text: "Start training")
        terminal.send("s")
        try terminal.waitFor(text: "0.3 to 3 s, steps of 0.1")
        terminal.send(down)
        try terminal.waitFor(text: "0 to 2 s, steps of 0.1")
        return terminal
    }

    static func quit(_ terminal: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) throws {
        terminal.send("q")
        try terminal.waitFor(text: "Start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0, sourceLocation: sourceLocation)
    }

    /// Three steps of 0.1 s from 0 are 0.3 s, on screen and in the file, not 0.30000000000000004.
    @Test func steppedValuesAreExactDecimals() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.onThePauseRow(folder)
        for expected in ["0.1 s", "0.2 s", "0.3 s"] {
            terminal.send(Self.right)
            _ = try terminal.waitFor("Pause at \(expected)") { $0.screen.lines.contains { $0.contains("Pause") && $0.trimmingCharacters(in: .whitespaces).hasSuffix(" " + expected) } }
        }
        #expect(!terminal.screen.text.contains("0000"), "\(terminal.screen.text)")
        try Self.quit(terminal)
        let saved = try String(contentsOfFile: folder.path + "/config/peach/settings.json", encoding: .utf8)
        #expect(saved.contains(#""pause" : 0.3"#) && !saved.contains("0000"), "\(saved)")
    }

    /// Enter on a number row edits it as text, as the footer says (it did
    /// nothing): backspace the shown 0, type 800ms, Enter saves 0.8 s.
    @Test func enterEditsANumberAsText() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.onThePauseRow(folder)
        terminal.send("\r")
        terminal.send("\u{7F}800ms\r")
        _ = try terminal.waitFor("Pause at 0.8 s") { $0.screen.lines.contains { $0.contains("Pause") && $0.trimmingCharacters(in: .whitespaces).hasSuffix(" 0.8 s") } }
        try Self.quit(terminal)
        let saved = try String(contentsOfFile: folder.path + "/config/peach/settings.json", encoding: .utf8)
        #expect(saved.contains(#""pause" : 0.8"#), "\(saved)")
    }

    /// A value changed from another terminal while the screen is open is what
    /// the next step starts from: 0.5 s set elsewhere and one step up is 0.6 s
    /// (the screen stepped from its own 0.1 s and saved 0.2 s over the change).
    @Test func aStepStartsFromAChangeMadeElsewhere() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.onThePauseRow(folder)
        terminal.send(Self.right)
        _ = try terminal.waitFor("Pause at 0.1 s") { $0.screen.lines.contains { $0.contains("Pause") && $0.trimmingCharacters(in: .whitespaces).hasSuffix(" 0.1 s") } }
        let elsewhere = try Shell.run([BuildProducts.peach, "settings", "set", "pause", "0.5"], environment: ["XDG_CONFIG_HOME": folder.path + "/config"])
        #expect(elsewhere.status == 0, "\(elsewhere)")
        terminal.send(Self.right)
        _ = try terminal.waitFor("Pause at 0.6 s") { $0.screen.lines.contains { $0.contains("Pause") && $0.trimmingCharacters(in: .whitespaces).hasSuffix(" 0.6 s") } }
        try Self.quit(terminal)
        let saved = try String(contentsOfFile: folder.path + "/config/peach/settings.json", encoding: .utf8)
        #expect(saved.contains(#""pause" : 0.6"#), "\(saved)")
    }

    /// The Output device row steps through the devices ALSA names (here the
    /// test's own configuration) and offers them as a list to choose from.
    @Test func theDeviceRowOffersTheDevices() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let settingsFile = folder.path + "/config/peach/settings.json"
        let terminal = try Self.peach(folder, environment: try AlsaTestConfiguration.write(in: folder))
        try terminal.waitFor(text: "Start training")
        terminal.send("s")
        try terminal.waitFor(text: "steps of 0.1")
        for _ in 0..<30 where !terminal.screen.text.contains("through 2 devices") {
            let before = terminal.screen.text
            terminal.send(Self.down)
            _ = try terminal.waitFor("the next row") { $0.screen.text != before }
        }
        terminal.send(Self.right)
        _ = try terminal.waitFor("the test's device chosen") { $0.screen.lines.contains { $0.contains("Output device") && $0.hasSuffix(AlsaTestConfiguration.deviceName) } }
        #expect(try SettingsStore(path: settingsFile).text(.device) == AlsaTestConfiguration.deviceName)
        terminal.send(Self.left)
        _ = try terminal.waitFor("back to default") { $0.screen.lines.contains { $0.contains("Output device") && $0.hasSuffix("default") } }
        terminal.send("\r")
        try terminal.waitFor(text: AlsaTestConfiguration.deviceDescription)  // the list, with ALSA's descriptions
        terminal.send("test")
        try terminal.waitFor(text: "Type to narrow: test")
        terminal.send("\r")
        _ = try terminal.waitFor("chosen from the list") { $0.screen.lines.contains { $0.contains("Output device") && $0.hasSuffix(AlsaTestConfiguration.deviceName) } }
        try Self.quit(terminal)
        #expect(try SettingsStore(path: settingsFile).text(.device) == AlsaTestConfiguration.deviceName)
    }

    /// Without a sound card the start page says in full why there is no
    /// sound and what to do there: the settings screen, not a flag.
    @Test(arguments: [(80, 24), (40, 24), (40, 12)]) func withoutASoundCardTheStartPageSaysWhyAndWhatToDo(columns: Int, rows: Int) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.peach(folder, environment: try AlsaTestConfiguration.write(in: folder), columns: columns, rows: rows)
        try terminal.waitFor(text: "Start training")
        terminal.send("\r")
        func said(_ terminal: PseudoTerminal) -> String { terminal.screen.lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ") }
        _ = try terminal.waitFor("the reason and the remedy") { said($0).contains("Output device") }
        let said = said(terminal)
        #expect(said.contains("Cannot play sound: no audio device 'default' (No such file or directory: Unknown PCM default). "
            + "Choose a device on the settings screen: S, then Output device"), "\(terminal.screen.text)")
        #expect(!said.contains("--device"))
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
    }
}
