import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// The values the settings screen offers, driven through a pseudo-terminal
/// and read back from the file it saves.
@Suite(.serialized) struct SettingsScreenValueTests {
    static let down = "\u{1B}[B", right = "\u{1B}[C"

    static func peach(_ folder: TemporaryDirectory, environment: [String: String] = [:]) throws -> PseudoTerminal {
        try PseudoTerminal([BuildProducts.peach, "--data-dir", folder.path + "/data"],
                           environment: ["XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data",
                                         "XDG_CACHE_HOME": folder.path + "/cache"].merging(environment) { $1 })
    }

    /// Three steps of 0.1 s from 0 are 0.3 s, on screen and in the file, not 0.30000000000000004.
    @Test func steppedValuesAreExactDecimals() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.peach(folder)
        try terminal.waitFor(text: "Start training")
        terminal.send("s")
        try terminal.waitFor(text: "0.3...3 s, steps of 0.1")
        terminal.send(Self.down)
        try terminal.waitFor(text: "0...2 s, steps of 0.1")
        for expected in ["0.1 s", "0.2 s", "0.3 s"] {
            terminal.send(Self.right)
            try terminal.waitFor(text: "Pause               " + expected)
        }
        #expect(!terminal.screen.text.contains("0000"), "\(terminal.screen.text)")
        terminal.send("q")
        try terminal.waitFor(text: "Start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
        let saved = try String(contentsOfFile: folder.path + "/config/peach/settings.json", encoding: .utf8)
        #expect(saved.contains(#""pause" : 0.3"#) && !saved.contains("0000"), "\(saved)")
    }
}
