import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// `peach settings`: list, set, reset, and clear refusals that change nothing.
@Suite struct SettingsCommandTests {
    static func peach(_ arguments: [String], config: TemporaryDirectory) throws -> Shell.Output {
        try Shell.run([BuildProducts.peach, "settings"] + arguments, environment: ["XDG_CONFIG_HOME": config.path])
    }

    @Test func setListAndReset() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        #expect(try Self.peach(["set", "reference", "442"], config: config).standardOutput == "reference = 442 Hz\n")
        // A number may carry its unit, as the list shows it, in any case and with or without a space.
        // A choice and a range in any case, kept as the list shows them.
        for (key, typed, shown) in [("reference", "442,5 Hz", "442.5 Hz"), ("note-duration", "0.8s", "0.8 s"), ("break-after", "20 MIN", "20 min"),
                                    ("language", "EN", "en"), ("range", "c3-c6", "C3-C6"), ("range", "48-84", "C3-C6"), ("range", "Adaptive", "adaptive")] {
            #expect(try Self.peach(["set", key, typed], config: config).standardOutput == "\(key) = \(shown)\n", "\(typed)")
        }
        #expect(try Self.peach(["set", "reference", "442"], config: config).standardOutput == "reference = 442 Hz\n")
        #expect(try Self.peach(["set", "bell", "off"], config: config).status == 0)
        #expect(try Self.peach(["set", "range", "C3-C6"], config: config).status == 0)
        #expect(try Self.peach(["set", "option", "gain=0.3"], config: config).standardOutput == "org.peach.sine: gain = 0.3\n")
        let listed = try Self.peach([], config: config).standardOutput
        #expect(listed.contains("reference      442 Hz "))
        #expect(listed.contains("style          0.5 (default)"))
        #expect(listed.contains("option         gain=0.3"))
        let json = try JSONDecoder().decode([String: JSONValue].self, from: Data(try Self.peach(["list", "--json"], config: config).standardOutput.utf8))
        #expect(json["reference"] == .number(442) && json["bell"] == .bool(false) && json["range"] == .string("C3-C6"))

        #expect(try Self.peach(["reset", "reference"], config: config).standardOutput == "reference = 440 Hz (default)\n")
        #expect(try SettingsStore(path: config.path + "/peach/settings.json").number(.reference) == 440)
        #expect(try Self.peach(["reset"], config: config).status == 0)
        let store = try SettingsStore(path: config.path + "/peach/settings.json")
        #expect(!store.isSet(.bell) && !store.isSet(.range) && store.sourceOptions(for: "org.peach.sine").isEmpty)
    }

    /// `settings get` prints a value as `set` reads it back, in any language: what a script needs.
    @Test func getPrintsWhatSetTakes() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        #expect(try Self.peach(["get", "reference"], config: config).standardOutput == "440\n", "the default")
        #expect(try Self.peach(["set", "note-duration", "0,8"], config: config).status == 0)
        #expect(try Self.peach(["set", "bell", "off"], config: config).status == 0)
        #expect(try Self.peach(["set", "option", "gain=0.3"], config: config).status == 0)
        for (key, expected) in [("note-duration", "0.8\n"), ("bell", "off\n"), ("range", "adaptive\n"), ("option", "gain=0.3\n")] {
            let got = try Shell.run([BuildProducts.peach, "--lang", "de", "settings", "get", key], environment: ["XDG_CONFIG_HOME": config.path])
            #expect(got.status == 0 && got.standardOutput == expected, "\(key): \(got)")
            #expect(try Self.peach(["set", key, String(expected.dropLast())], config: config).status == 0, "\(key) read back")
        }
        let unknown = try Self.peach(["get", "tempo"], config: config)
        // A usage error, as other mistyped words are (it exited 1).
        #expect(unknown.status == 64 && unknown.standardError.contains("there is no setting 'tempo'"), "\(unknown)")
    }

    /// A saved option is written as on the command line: a switch as on, an instrument by its name.
    @Test func aSavedOptionTakesASwitchWordAndAName() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        #expect(try Self.peach(["set", "source", "org.peach.fluid"], config: config).status == 0)
        let reverb = try Self.peach(["set", "option", "reverb=on"], config: config)
        #expect(reverb.status == 0 && reverb.standardOutput == "org.peach.fluid: reverb = true\n", "\(reverb)")
        #expect(try Self.peach(["set", "option", "program=violin"], config: config).status == 0)
        #expect(try Self.peach(["get", "option"], config: config).standardOutput.split(separator: "\n").sorted() == ["program=40", "reverb=true"])
        // A number with a decimal comma, as the settings' own numbers take one; seconds also as milliseconds.
        #expect(try Self.peach(["set", "option", "gain=0,4"], config: config).standardOutput == "org.peach.fluid: gain = 0.4\n")
        #expect(try Self.peach(["set", "note-duration", "800ms"], config: config).standardOutput == "note-duration = 0.8 s\n")
        // No break is said "never", and taken back so.
        #expect(try Self.peach(["set", "break-after", "never"], config: config).standardOutput == "break-after = never\n")
        #expect(try Self.peach(["get", "break-after"], config: config).standardOutput == "0\n")
    }

    /// A switch takes the same words as a source's option and as a setting, in
    /// English and German: `--option reverb=an` was refused ("'an' is not true
    /// or false") though `settings set bell an` took it. A word that is none
    /// is told every word taken, in either language.
    @Test func aSwitchTakesTheSameWordsAsAnOptionAndAsASetting() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        #expect(try Self.peach(["set", "source", "org.peach.fluid"], config: config).status == 0)
        for (word, on) in [("an", true), ("AUS", false), ("ja", true), ("Nein", false), ("yes", true), ("no", false), ("true", true), ("off", false)] {
            let option = try Self.peach(["set", "option", "reverb=\(word)"], config: config)
            #expect(option.standardOutput == "org.peach.fluid: reverb = \(on)\n", "\(word): \(option)")
            let bell = try Self.peach(["set", "bell", word], config: config)
            #expect(bell.standardOutput == "bell = \(on ? "on" : "off")\n", "\(word): \(bell)")
        }
        let words = "on/off, true/false, yes/no, an/aus, ja/nein"
        for (language, option, setting) in [
            ("en", "option reverb: 'maybe' is neither on nor off (\(words))", "bell: expected on or off (\(words); true or false in the file), found the text \"maybe\""),
            ("de", "Option reverb: 'maybe' ist weder an noch aus (\(words))", "bell: an oder aus erwartet (\(words); in der Datei true oder false), den Text \"maybe\" gefunden"),
        ] {
            let refused = try Shell.run([BuildProducts.peach, "--lang", language, "play", "A4", "--source", "fluidsynth", "--option", "reverb=maybe",
                                         "--wav", config.file("no.wav")], environment: ["XDG_CONFIG_HOME": config.path])
            #expect(refused.status != 0 && refused.standardError.contains(option), "\(refused)")
            let set = try Self.peach(["--lang", language, "set", "bell", "maybe"], config: config)
            #expect(set.status != 0 && set.standardError.contains(setting), "\(set)")
        }
    }

    @Test(arguments: [
        (["set", "note-duration", "5"], "note-duration: 5 is outside 0.3 to 3 s; nothing was changed"),
        (["set", "pause", "soon"], "pause: expected a number, found the text \"soon\""),
        (["set", "pause", "1 min"], "pause: expected a number, found the text \"1 min\""),
        (["set", "bell", "maybe"], "bell: expected on or off (on/off, true/false, yes/no, an/aus, ja/nein; true or false in the file), found the text \"maybe\""),
        // A negative value is the value, not an option: before, "Missing expected argument '<value>'".
        (["set", "pause", "-1"], "pause: -1 is outside 0 to 2 s; nothing was changed"),
        (["set", "--plugin-path", "/nowhere", "reference", "-440"], "reference: -440 is outside 400 to 480 Hz; nothing was changed"),
        (["set", "range", "C5-C3"], "range: 'C5-C3' runs downwards, so it holds no key: write the lower key first (C3-C5); nothing was changed"),
        (["set", "colour", "red"], "there is no setting 'colour'"),
        (["set", "source", "org.nowhere"], "org.nowhere"),
        (["set", "option", "gain=2"], "option gain: 2 is outside 0 to 1"),
        (["set", "option", "volume=1"], "source org.peach.sine has no option 'volume'"),
        (["reset", "colour"], "there is no setting 'colour'"),
    ])
    func refusalsSayWhyAndChangeNothing(arguments: [String], message: String) throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        let file = config.path + "/peach/settings.json"
        #expect(try Self.peach(["set", "style", "0.25"], config: config).status == 0)
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let result = try Self.peach(arguments, config: config)
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    }

    /// A value written with a minus sign is still read as a number when options come after it.
    @Test func aNegativeZeroIsAValueBeforeOptions() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        let other = config.path + "/other.json"
        #expect(try Self.peach(["set", "pause", "-0", "--settings-file", other], config: config).standardOutput == "pause = 0 s\n")
        #expect(try SettingsStore(path: other).number(.pause) == 0)
        #expect(!FileManager.default.fileExists(atPath: config.path + "/peach/settings.json"))
    }

    @Test func aBrokenFileIsReportedAndKept() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        try FileManager.default.createDirectory(atPath: config.path + "/peach", withIntermediateDirectories: true)
        let file = config.path + "/peach/settings.json", text = "{\n  \"bell\": off\n}\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try Self.peach(["set", "bell", "on"], config: config)
        #expect(result.status != 0)
        #expect(result.standardError.contains("\(file) is not valid JSON: line 2, column 11"), "\(result.standardError)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
    }

    /// Values a hand edit broke are named with the command that mends them,
    /// and that command works on the damaged file, one value at a time
    /// (`reset reference` failed with the same error, so Peach could not be
    /// started again; the sources' options named a key `reset` did not know).
    @Test func theRemedyForAValueThatDoesNotFitWorks() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        try FileManager.default.createDirectory(atPath: config.path + "/peach", withIntermediateDirectories: true)
        let file = config.path + "/peach/settings.json"
        try Data(#"{"reference": 500, "style": [0.5], "source-options": {"org.peach.sine": {"gain": 0.3}}, "metronome": {"last": 1}}"#.utf8)
            .write(to: URL(fileURLWithPath: file))
        let style = try Self.peach(["get", "reference"], config: config)
        #expect(style.status != 0 && style.standardError.contains("style: expected a number, found a list. Fix it, or run `peach settings reset style`."),
                "\(style)")
        #expect(try Self.peach(["set", "style", "0.7"], config: config).status == 0)
        let reference = try Self.peach(["list"], config: config)
        #expect(reference.standardError.contains("reference: 500 is outside 400 to 480 Hz. Fix it, or run `peach settings reset reference`."), "\(reference)")
        #expect(try Self.peach(["reset", "reference"], config: config).status == 0)
        let options = try Self.peach(["list"], config: config)
        #expect(options.standardError.contains("Fix it, or run `peach settings reset option`."), "\(options)")
        #expect(try Self.peach(["reset", "option"], config: config).status == 0)
        #expect(try Self.peach(["list"], config: config).status == 0)
        // The tool's section was no setting to mend: kept as written.
        let kept = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect(kept["style"] as? Double == 0.7 && kept["reference"] == nil && kept["source-options"] == nil, "\(kept)")
        #expect((kept["metronome"] as? [String: Any])?["last"] as? Int == 1)
        // Another source's options that read are kept (the reset removed every source's).
        try Data(#"{"source-options": {"org.peach.fluid": "x", "org.peach.click": {"gain": "0.3"}}}"#.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try Self.peach(["reset", "option"], config: config).status == 0)
        let afterReset = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        #expect((afterReset["source-options"] as? [String: Any])?.keys.sorted() == ["org.peach.click"], "\(afterReset)")
    }

    /// A settings file that is a FIFO or a folder (a synced config folder can
    /// hold either) is refused with its path and left as it is. Run under
    /// `timeout` (with SIGKILL: a test runner may leave SIGTERM ignored):
    /// before, a FIFO kept Peach waiting for a writer for ever, and a folder's
    /// path was named twice.
    @Test(arguments: ["FIFO", "folder"])
    func aSettingsFileThatIsNoFileIsRefused(kind: String) throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        try FileManager.default.createDirectory(atPath: config.path + "/peach", withIntermediateDirectories: true)
        let file = config.path + "/peach/settings.json"
        if kind == "FIFO" {
            #expect(mkfifo(file, 0o600) == 0)
        } else {
            try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        }
        for arguments in [[], ["get", "reference"], ["set", "reference", "442"]] {
            let result = try Shell.run(["timeout", "-s", "KILL", "20", BuildProducts.peach, "settings"] + arguments, environment: ["XDG_CONFIG_HOME": config.path])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.standardError == "Error: refused \(file): it is not a regular file; remove it\n", "\(arguments)")
        }
        var status = stat()
        #expect(lstat(file, &status) == 0 && status.st_mode & S_IFMT == (kind == "FIFO" ? S_IFIFO : S_IFDIR))
    }

    /// Two `peach settings set` at once, setting different keys, many rounds:
    /// each reads, changes and writes the file under the settings lock, so
    /// neither change is lost (without it, about half the rounds lost one).
    @Test func twoProcessesSettingAtOnceBothKeepTheirChange() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        let file = config.file("settings.json")
        func setting(_ key: String, _ value: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: BuildProducts.peach)
            process.arguments = ["settings", "set", key, value, "--settings-file", file]
            process.environment = ["XDG_CONFIG_HOME": config.path, "XDG_DATA_HOME": config.path + "/data",
                                   "XDG_CACHE_HOME": config.path + "/cache"].merging(TestLocale.english) { $1 }
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            return process
        }
        var lost = 0
        for _ in 0..<15 {
            try "{}".write(toFile: file, atomically: true, encoding: .utf8)
            let both = [try setting("reference", "441"), try setting("note-duration", "2")]
            both.forEach { $0.waitUntilExit() }
            #expect(both.allSatisfy { $0.terminationStatus == 0 })
            let store = try SettingsStore(path: file)
            if !(store.isSet(.reference) && store.isSet(.noteDuration)) { lost += 1 }
        }
        #expect(lost == 0, "\(lost) of 15 rounds lost a change")
    }

    /// Files that once crashed Peach (20,000 levels of nesting), showed the
    /// decoder's own words (1e400) or were quietly half-read (duplicate keys,
    /// bytes that are not UTF-8): each gets an error with line and key, in
    /// English and German, and is left as it was.
    @Test func aFilePeachCannotReadGetsLineAndKeyAndIsKept() throws {
        let config = TemporaryDirectory()
        defer { config.remove() }
        try FileManager.default.createDirectory(atPath: config.path + "/peach", withIntermediateDirectories: true)
        let file = config.path + "/peach/settings.json"
        let deep = String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        let cases: [([UInt8], String, String)] = [
            (Array("{\n  \"x\": \(deep)\n}\n".utf8), #"line 2, column 71, in "x": objects and lists nested more than 64 levels deep"#,
             #"Zeile 2, Spalte 71, im Schlüssel "x": Objekte und Listen mehr als 64 Ebenen tief verschachtelt"#),
            (Array("{\n  \"reference\": 1e400\n}\n".utf8), #"line 2, column 16, in "reference": the number 1e400 is too large"#,
             #"Zeile 2, Spalte 16, im Schlüssel "reference": die Zahl 1e400 ist zu groß"#),
            (Array("{\n  \"bell\": true,\n  \"bell\": false\n}\n".utf8),
             #"line 3, column 3: the key "bell" appears a second time (first on line 2)"#,
             #"Zeile 3, Spalte 3: der Schlüssel "bell" kommt ein zweites Mal vor (zuerst in Zeile 2)"#),
            (Array("{\"source-options\": {\"org.peach.sine\": {\"gain\": \"0.1\",\n \"gain\": \"0.2\"}}}".utf8),
             #"line 2, column 2, in "source-options": the key "gain" appears a second time (first on line 1)"#, "Zeile 2, Spalte 2"),
            (Array("{\n  \"device\": \"hw:".utf8) + [0xFF] + Array("\"\n}\n".utf8), "line 2, column 17, in \"device\": a byte 0xFF that is not UTF-8",
             "Zeile 2, Spalte 17, im Schlüssel \"device\": ein Byte 0xFF, das kein UTF-8-Text ist"),
        ]
        for (bytes, english, german) in cases {
            try Data(bytes).write(to: URL(fileURLWithPath: file))
            for (language, expected) in [("en", english), ("de", german)] {
                let result = try Shell.run([BuildProducts.peach, "--lang", language, "settings", "set", "bell", "off"],
                                           environment: ["XDG_CONFIG_HOME": config.path])
                #expect(result.status == 1 && !result.killedBySignal, "\(expected): \(result.status)")
                #expect(result.standardError.contains(file) && result.standardError.contains(expected), "\(result.standardError)")
                #expect(!result.standardError.contains("Dictionary"))
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(bytes), "left as it was")
        }
    }
}
