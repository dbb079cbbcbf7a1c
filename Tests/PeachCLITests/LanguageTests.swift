import Foundation
import PeachAudio
import PeachHistory
import PeachHost
import PeachTestSupport
import Testing

/// The real `peach` in German: its help, its errors and its training screen,
/// chosen by --lang, the language setting or the locale, in that order.
@Suite struct LanguageTests {
    /// `peach` with `arguments`, its settings in `config`, and `environment` over an English locale.
    static func peach(_ arguments: [String], config: TemporaryDirectory, environment: [String: String] = [:]) throws -> Shell.Output {
        try Shell.run([BuildProducts.peach] + arguments, environment: ["XDG_CONFIG_HOME": config.path].merging(environment) { $1 })
    }

    static let notANote = "Fehler: 'H9' ist kein Ton: schreib einen Buchstaben"

    @Test func theHelpIsGermanWithLangOrAGermanLocale() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        let overview = try Self.peach(["--lang", "de", "--help"], config: config)
        #expect(overview.status == 0)
        for text in ["ÜBERSICHT: Trainiere dein Gehör für kleine Tonhöhenunterschiede.", "AUFRUF: peach <unterbefehl>", "UNTERBEFEHLE:",
                     "Hilfe anzeigen.", "Spielt Töne nacheinander über eine Klangquelle.", "Listet die Klangquellen"] {
            #expect(overview.standardOutput.contains(text), "\(text)\n\(overview.standardOutput)")
        }
        #expect(!overview.standardOutput.contains("Show help information"))

        let train = try Self.peach(["train", "--help"], config: config, environment: ["LANG": "de_DE.UTF-8"])
        #expect(train.status == 0)
        for text in ["ÜBERSICHT: Trainieren: zwei Töne", "Ohne --headless: der Trainingsbildschirm.", "OPTIONEN:",
                     "--duration <sekunden>", "Länge jedes Tons in Sekunden, 0,3 bis 3", "--data-dir <ordner>", "Der Datenordner (Standard:",
                     "Mit --headless: nichts abspielen"] {
            #expect(train.standardOutput.contains(text), "\(text)\n\(train.standardOutput)")
        }
        // Option names, JSON fields and commands stay as they are: they are an interface.
        #expect(train.standardOutput.contains("--no-audio") && train.standardOutput.contains(#"{"type":"feedback","id":1,"correct":true}"#))
    }

    /// Defaults in the help (`--cents`, `--duration`) are in the language's words and numbers, wherever the line wraps.
    @Test func germanHelpWritesDefaultNumbersWithTheGermanSeparator() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        let help = try Self.peach(["--lang", "de", "play", "--help"], config: config)
        #expect(help.status == 0)
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("(Standard: 0)") && text.contains("(Standard: 1)"), "\(help.standardOutput)")
        #expect(!text.contains("0.0") && !text.contains("1.0"), "\(help.standardOutput)")
    }

    @Test func errorsAreGermanUnderAGermanLocale() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        let german = ["LC_MESSAGES": "de_DE.UTF-8"]
        let note = try Self.peach(["play", "H9"], config: config, environment: german)
        #expect(note.status != 0)
        #expect(note.standardError.hasPrefix(Self.notANote), "\(note.standardError)")
        #expect(note.standardError.contains("Aufruf: peach play <ton> ..."), "\(note.standardError)")

        let setting = try Self.peach(["settings", "set", "note-duration", "9"], config: config, environment: german)
        #expect(setting.status == 1)
        #expect(setting.standardError == "Fehler: note-duration: 9 liegt außerhalb von 0,3 bis 3 s; nichts wurde geändert\n")
        #expect(!FileManager.default.fileExists(atPath: config.path + "/peach/settings.json"), "nothing was written")

        let unknown = try Self.peach(["stats", "--by", "year"], config: config, environment: german)
        #expect(unknown.standardError.hasPrefix("Fehler: Der Wert 'year' ist ungültig für '--by <zeitraum>'. Erlaubt sind 'day', 'week' oder 'month'."),
                "\(unknown.standardError)")
    }

    @Test func numbersAreShownWithADecimalCommaInGermanAndReadEitherWay() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        let german = ["LANG": "de_DE.UTF-8"]
        let set = try Self.peach(["settings", "set", "reference", "442,5"], config: config, environment: german)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput == "reference = 442,5 Hz\n")
        // The file stays JSON, whatever the language.
        let file = try String(contentsOfFile: config.path + "/peach/settings.json", encoding: .utf8)
        let settings = try #require(try JSONSerialization.jsonObject(with: Data(file.utf8)) as? [String: Any])
        #expect(settings["reference"] as? Double == 442.5, "\(file)")

        let english = try Self.peach(["settings", "set", "reference", "441,5"], config: config)
        #expect(english.standardOutput == "reference = 441.5 Hz\n", "a comma is read in English too; shown with a point")
    }

    @Test func theLocaleOrderAndWhatOverridesIt() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        let english = "Error: 'H9' is not a note: write a letter"
        // LC_ALL beats LC_MESSAGES and LANG; --lang beats the locale.
        #expect(try Self.peach(["play", "H9"], config: config, environment: ["LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"])
            .standardError.hasPrefix(english))
        #expect(try Self.peach(["play", "H9"], config: config, environment: ["LC_ALL": "de_AT.UTF-8", "LANG": "en_GB.UTF-8"])
            .standardError.hasPrefix(Self.notANote))
        #expect(try Self.peach(["--lang", "en", "play", "H9"], config: config, environment: ["LANG": "de_DE.UTF-8"]).standardError.hasPrefix(english))
        #expect(try Self.peach(["play", "H9", "--lang=de"], config: config).standardError.hasPrefix(Self.notANote), "--lang anywhere")

        // The language setting beats the locale, and --lang beats the setting.
        #expect(try Self.peach(["settings", "set", "language", "de"], config: config).standardOutput == "language = de\n")
        #expect(try Self.peach(["play", "H9"], config: config).standardError.hasPrefix(Self.notANote))
        #expect(try Self.peach(["--lang", "en", "play", "H9"], config: config).standardError.hasPrefix(english))

        let unknown = try Self.peach(["--lang", "fr", "play", "A4"], config: config)
        #expect(unknown.status != 0 && unknown.standardError.contains("--lang fr"), "\(unknown.standardError)")
        for missing in [["play", "A4", "--lang"], ["--lang=", "play", "A4"]] {
            let result = try Self.peach(missing, config: config)
            #expect(result.status == 64 && result.standardError.hasPrefix("Error: --lang needs a language: en (English) or de (German)\n"), "\(result)")
        }
    }

    /// The probe runs in a child process: its reasons come back in the language --lang chose.
    @Test func aRejectedPluginIsExplainedInGerman() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let library = try CPlugin.build(BrokenPluginTests.fixture, named: "libwrongmajor", in: folder.path, defines: ["WRONG_MAJOR"])
        let result = try Self.peach(["--lang", "de", "sources", "--plugin-path", folder.path], config: folder)
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("Abgelehnt:\n  \(library): wurde für Plugin-ABI 2."), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("Bibliothek: "))
    }

    /// The training screen in German, through a pseudo-terminal: start, answer, see the result, stop.
    @Test func theTrainingScreenSpeaksGerman() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.path + "/data"
        let terminal = try TrainingScreenTests.peach(folder, ["--data-dir", data, "--wav", folder.path + "/out.wav", "--duration", "0.3", "--seed", "1"],
                                                     environment: ["LANG": "de_DE.UTF-8"])
        try terminal.waitFor(text: "Training starten")
        #expect(terminal.screen.text.contains("Trainiere dein Gehör"))
        terminal.send("\r")
        try terminal.waitFor(text: "Zweiter Ton: höher oder tiefer?")
        #expect(terminal.screen.text.contains("Höher") && terminal.screen.text.contains("Tiefer"))
        terminal.send("k")
        try terminal.waitFor("the result") { $0.screen.text.contains("Richtig") || $0.screen.text.contains("Falsch") }
        terminal.send("q")
        try terminal.waitFor(text: "Training starten")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
        #expect(try HistoryStore(directory: data).readAll().answers.count == 1)
    }
}
