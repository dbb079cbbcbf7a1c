import Foundation
import Glibc
import PeachAudio
import PeachHost
import PeachTestSupport
import PeachText
import Testing

/// Choosing a sound by name, on the screens and on the command line, and
/// always seeing which one plays.
@Suite(.serialized) struct SoundChoiceTests {
    static let down = "\u{1B}[B", up = "\u{1B}[A", end = "\u{1B}[F"

    static func environment(_ folder: TemporaryDirectory) -> [String: String] {
        ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share"), "XDG_CACHE_HOME": folder.file("cache")]
    }

    static func peach(_ folder: TemporaryDirectory, _ arguments: [String], columns: Int = 80, rows: Int = 24) throws -> PseudoTerminal {
        try PseudoTerminal([BuildProducts.peach] + arguments + ["--data-dir", folder.file("data"), "--wav", folder.file("out.wav"),
                                                               "--plugin-path", try TrainingScreenTests.pluginFolder(folder)],
                           environment: environment(folder), columns: columns, rows: rows)
    }

    static func settings(_ folder: TemporaryDirectory) throws -> SettingsStore {
        try SettingsStore(path: folder.file("config") + "/peach/settings.json")
    }

    /// A sound name too long for the header is cut with "…", never dropped:
    /// before, at 40 columns the whole "Sound:" part vanished once a next sound was chosen.
    @Test func theHeaderAlwaysSaysWhichSoundPlays() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.peach(folder, ["train", "--duration", "0.3"], columns: 40, rows: 12)
        try TrainingScreenTests.waitForSecondNote(terminal, count: 1)
        #expect(terminal.screen.lines[0].contains("Sound: Sine"), "\(terminal.screen.text)")
        terminal.send("t")
        try terminal.waitFor("the next sound in the header") { $0.screen.lines[0].contains("→ C Tone") }
        let header = terminal.screen.lines[0]
        #expect(header.contains("Sound: Sine → C Tone: Soft"), "\(header)")
        #expect(header.count <= 40)
        #expect(terminal.screen.lines.last?.contains("i choose") == true, "the hint names the chooser key\n\(terminal.screen.text)")
        try TrainingScreenTests.stopAndQuit(terminal)
    }

    /// `i` while training opens the list of sounds; typed letters narrow it,
    /// Enter takes one, and the next pair plays it.
    @Test func theTrainingScreenChoosesASoundByName() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.peach(folder, ["train", "--duration", "0.3", "--seed", "2"])
        try TrainingScreenTests.waitForSecondNote(terminal, count: 1)
        terminal.send("j")
        try terminal.waitFor(text: "first note")
        terminal.send("i")
        try terminal.waitFor(text: "Choose a sound")
        #expect(terminal.screen.text.contains("▶ Sine"), "the sound playing is chosen\n\(terminal.screen.text)")
        // An instrument by its own name: "flu" keeps the flutes, not every FluidSynth instrument.
        terminal.send("flu")
        try terminal.waitFor("the flutes") { $0.screen.text.contains("FluidSynth: Pan Flute") && !$0.screen.text.contains("Sine") }
        #expect(terminal.screen.text.contains("▶ FluidSynth: Flute") && !terminal.screen.text.contains("Piccolo"), "\(terminal.screen.text)")
        terminal.send("\u{7F}\u{7F}\u{7F}")  // Backspace widens the list again
        try terminal.waitFor(text: "FluidSynth: Piccolo")
        terminal.send("BRI")  // case-insensitive, anywhere in the name
        try terminal.waitFor("the list narrowed") { !$0.screen.text.contains("Sine") && $0.screen.text.contains("▶ C Tone: Bright") }
        #expect(!terminal.screen.text.contains("C Tone: Soft"))
        terminal.send("\r")
        try terminal.waitFor(text: "Sound: C Tone: Bright")
        try TrainingScreenTests.waitForSecondNote(terminal, count: 2)
        terminal.send("k")
        try terminal.waitFor(text: "first note")
        try TrainingScreenTests.stopAndQuit(terminal)
        let history = try TrainingScreenTests.history(folder.file("data"))
        #expect(history.map(\.sourceID) == ["org.peach.sine", "org.example.ctone"])
        #expect(try Self.settings(folder).sourceOptions(for: "org.example.ctone").map { "\($0.key)=\($0.value)" } == ["shape=bright"])
    }

    /// On the settings screen Enter on Sound lists every sound to narrow by
    /// typing, and Enter on an option with choices lists its choices: typing a
    /// name no longer lands in a text field ('6Flute' is not one of its choices: 0, 1, …).
    @Test func theSettingsScreenChoosesBySoundAndByInstrumentName() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.peach(folder, [], columns: 50, rows: 20)
        try terminal.waitFor(text: "Start training")
        terminal.send("s")
        try terminal.waitFor(text: "Note length")
        /// On the row `keys` lead to: Enter opens its list, `typed` narrows it to what `leaves` holds, Enter takes it;
        /// `atOnce`: the letters and Enter arrive together, as from a fast typist or a paste.
        func choose(after keys: [String], typing typed: String, atOnce: Bool = false, leaves: (String) -> Bool) throws {
            keys.forEach(terminal.send)
            try terminal.waitFor(text: "Enter: choose")
            terminal.send("\r")
            try terminal.waitFor(text: "Type to narrow")
            if atOnce {
                terminal.send(typed + "\r")
            } else {
                terminal.send(typed)
                try terminal.waitFor("the list narrowed by \(typed)") { leaves($0.screen.text) }
                terminal.send("\r")
            }
            try terminal.waitFor("the settings again") { !$0.screen.text.contains("Type to narrow") && $0.screen.text.contains("Esc back") }
        }
        try choose(after: Array(repeating: Self.down, count: 5), typing: "soft") { !$0.contains("Sine") && $0.contains("C Tone: Soft") }
        try terminal.waitFor(text: "C Tone (org.example.ctone)")
        #expect(try Self.settings(folder).text(.source) == "org.example.ctone")
        #expect(try Self.settings(folder).sourceOptions(for: "org.example.ctone").map { "\($0.key)=\($0.value)" } == ["shape=soft"])

        // The Shape option: the last of C Tone's options, five rows above Language.
        try choose(after: [Self.end] + Array(repeating: Self.up, count: 5), typing: "Bright", atOnce: true) { !$0.contains("Soft") && $0.contains("Bright (1/k)") }
        #expect(!terminal.screen.text.contains("is not one of"))
        #expect(try Self.settings(folder).sourceOptions(for: "org.example.ctone").map { "\($0.key)=\($0.value)" } == ["shape=bright"])

        // Escape leaves a chooser without a change; nothing typed there goes anywhere else.
        terminal.send("\r")
        try terminal.waitFor(text: "Type to narrow")
        terminal.send("xyz")
        try terminal.waitFor(text: "Nothing matches")
        terminal.send("\u{1B}")
        try terminal.waitFor("the settings again") { !$0.screen.text.contains("Type to narrow") && $0.screen.text.contains("Esc back") }
        #expect(try Self.settings(folder).sourceOptions(for: "org.example.ctone").map { "\($0.key)=\($0.value)" } == ["shape=bright"])
        terminal.send("\u{1B}")
        try terminal.waitFor(text: "Start training")
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)
    }

    /// `peach settings set source NAME`: an instrument by exact name or unique
    /// beginning, any case; an ambiguous or unknown name lists what comes close.
    /// `--source` takes a source's name too, as `settings set source` does: found
    /// once, then its id is what plays and what the history records.
    @Test func theSourceOptionTakesANameToo() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("a4.wav")
        let played = try Shell.run([BuildProducts.peach, "play", "A4", "--source", "SINE", "--duration", "0.5", "--wav", file], environment: Self.environment(folder))
        #expect(played.status == 0, "\(played.standardError)")
        let wav = try WavFile.read(path: file)
        let hz = FrequencyMeter.frequency(of: wav.samples[0][4800..<19200], sampleRate: wav.sampleRate, near: 440)
        #expect(abs(FrequencyMeter.cents(hz, from: 440)) < 0.01, "\(hz) Hz")
        let near = try Shell.run([BuildProducts.peach, "play", "A4", "--source", "sinus", "--wav", folder.file("b.wav")], environment: Self.environment(folder))
        #expect(near.status == 64 && near.standardError.hasPrefix("Error: no sound source is called 'sinus'; close: org.peach.sine\n"), "\(near.standardError)")
        let data = folder.file("data")
        let trained = try Shell.run([BuildProducts.peach, "train", "--headless", "--no-audio", "--source", "sine", "--data-dir", data], input: "higher\n")
        #expect(trained.status == 0, "\(trained.standardError)")
        #expect(try TrainingScreenTests.history(data).map(\.sourceID) == ["org.peach.sine"])
        // An instrument by its name, as `settings set source` takes one (it said no source is called that):
        // its source and its program, as the history records what played.
        let fluteData = folder.file("flute")
        let flute = try Shell.run([BuildProducts.peach, "train", "--headless", "--wav", folder.file("flute.wav"), "--duration", "0.3", "--source", "flute",
                                   "--data-dir", fluteData],
                                  environment: Self.environment(folder), input: "higher\n")
        #expect(flute.status == 0, "\(flute.standardError)")
        let answers = try TrainingScreenTests.history(fluteData)
        #expect(answers.map(\.sourceID) == ["org.peach.fluid"] && answers.map { $0.timbre["program"] } == ["73"], "\(answers.map(\.timbre))")
    }

    @Test func theCommandLineSetsASoundByName() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let plugins = try TrainingScreenTests.pluginFolder(folder)
        func set(_ arguments: [String]) throws -> Shell.Output {
            try Shell.run([BuildProducts.peach, "settings", "set"] + arguments + ["--plugin-path", plugins], environment: Self.environment(folder))
        }
        let bright = try set(["source", "c tone: BRIGHT (1/k)"])
        #expect(bright.status == 0, "\(bright.standardError)")
        #expect(try Self.settings(folder).text(.source) == "org.example.ctone")
        #expect(try Self.settings(folder).sourceOptions(for: "org.example.ctone").map { "\($0.key)=\($0.value)" } == ["shape=bright"])

        let soft = try set(["source", "sof"])
        #expect(soft.status == 0 && soft.standardOutput.contains("shape = soft (Soft (1/k²))"), "\(soft.standardOutput)\(soft.standardError)")
        #expect(try Self.settings(folder).sourceOptions(for: "org.example.ctone").map { "\($0.key)=\($0.value)" } == ["shape=soft"])

        let sine = try set(["source", "SINE"])
        #expect(sine.status == 0 && sine.standardOutput == "source = org.peach.sine\n", "\(sine.standardOutput)\(sine.standardError)")

        let ambiguous = try set(["source", "c tone"])
        #expect(ambiguous.status != 0)
        #expect(ambiguous.standardError.contains("'c tone' fits more than one sound: C Tone: Soft (1/k²), C Tone: Bright (1/k)"),
                "\(ambiguous.standardError)")
        let unknown = try set(["source", "Brigth"])
        #expect(unknown.status != 0 && unknown.standardError.contains("no sound is called 'Brigth'; close: C Tone: Bright (1/k)"),
                "\(unknown.standardError)")
        #expect(try Self.settings(folder).text(.source) == "org.peach.sine", "a refused name changes nothing")

        // A choice of the current sound's option by its label.
        #expect(try set(["source", "org.example.ctone"]).status == 0)
        let option = try set(["option", "shape=bright"])
        #expect(option.status == 0)
        let byLabel = try set(["option", "shape=soft (1/k²)"])
        #expect(byLabel.status == 0 && byLabel.standardOutput == "org.example.ctone: shape = soft\n", "\(byLabel.standardOutput)\(byLabel.standardError)")
        let wrong = try set(["option", "shape=loud"])
        #expect(wrong.status != 0 && wrong.standardError.contains("no Shape is called 'loud'"), "\(wrong.standardError)")
    }
}
