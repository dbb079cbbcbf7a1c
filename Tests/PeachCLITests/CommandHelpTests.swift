import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// What `--help` tells a user: real usage lines and every key that works.
@Suite struct CommandHelpTests {
    /// `peach` with `arguments`, with XDG folders of its own in `folder`.
    static func peach(_ arguments: [String], in folder: TemporaryDirectory) throws -> Shell.Output {
        try Shell.run([BuildProducts.peach] + arguments, environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("data"),
                                                                       "XDG_CACHE_HOME": folder.file("cache")])
    }

    /// A command's help in `language`, its lines joined with single spaces, so a phrase is found wherever the lines break.
    static func help(_ command: [String], language: String, in folder: TemporaryDirectory) throws -> String {
        try peach(["--lang", language] + command + ["--help"], in: folder).standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Commands with many options get usage lines naming each, not the parser's bare `<options>`.
    @Test(arguments: [
        (["train", "--help"], ["USAGE: peach train [--plain] [--no-bell] [--drone <note>] [--metronome <bpm>]", "\n       peach train --headless [--no-audio] [--range <range>]"]),
        (["start", "--help"], ["USAGE: peach [start] [--plain] [--no-bell] [--drone <note>] [--metronome <bpm>]"]),
    ])
    func usageNamesEveryOption(arguments: [String], starts: [String]) throws {
        let help = try Shell.run([BuildProducts.peach] + arguments)
        #expect(help.status == 0)
        let fromUsage = help.standardOutput[help.standardOutput.range(of: "USAGE:")!.lowerBound...]
        let usage = String(fromUsage[..<(fromUsage.range(of: "\n\n")?.lowerBound ?? fromUsage.endIndex)])
        #expect(!usage.contains("<options>"), "\(usage)")
        for start in starts { #expect(usage.contains(start), "\(usage)") }
        // Every option the help lists below, read from there: one given only on the command itself once went missing.
        let listed = help.standardOutput[help.standardOutput.range(of: "\nOPTIONS:")!.upperBound...]
            .matches(of: /\n  (--[a-z-]+)/).map { String($0.output.1) }.filter { $0 != "--version" && $0 != "--help" }
        #expect(listed.count >= 15, "\(listed)")
        for option in listed { #expect(usage.contains(option + " ") || usage.contains(option + "]"), "\(option) in \(usage)") }
        #expect(usage.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(usage)")
    }

    /// `peach grid` starts with a sound of its own, not the sound setting that
    /// `--source`'s help named as its default: both options say which, in both languages.
    @Test func theGridsHelpSaysWhichSoundItStartsWith() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        for (language, instrument, source) in [
            ("en", "(default: the last sound played in the grid, else FluidSynth's piano, else the sound setting)",
             "the grid starts with the last sound it played, else FluidSynth's piano)"),
            ("de", "(Standard: der zuletzt im Tastenraster gespielte Klang, sonst das Klavier von FluidSynth, sonst die Klang-Einstellung)",
             "das Tastenraster beginnt mit dem zuletzt gespielten Klang, sonst dem Klavier von FluidSynth)"),
        ] {
            let help = try Self.help(["grid"], language: language, in: folder)
            #expect(help.contains(instrument) && help.contains(source), "\(help)")
        }
    }

    /// `settings --help` says what each setting applies to: it said `peach`
    /// and `peach train` alone, and that `train --headless` takes flags only,
    /// though A4 is every player's default and headless plays to the device setting.
    @Test func settingsHelpSaysWhatEachSettingAppliesTo() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        for (language, words) in [
            ("en", ["reference (A4) to every command that takes --reference but `peach record notes`",
                    "source and its options to those and `peach play`", "`peach train --headless` takes only the device from them"]),
            ("de", ["reference (A4) für jeden Befehl mit --reference außer `peach record notes`",
                    "source mit seinen Optionen für diese und `peach play`", "`peach train --headless` nimmt daraus nur device"]),
        ] {
            let help = try Self.help(["settings"], language: language, in: folder)
            for phrase in words { #expect(help.contains(phrase), "\(phrase)\n\(help)") }
        }
    }

    /// `start --help` says which of train's options it takes: all but
    /// --headless and --no-audio (it said every one, and refused those two).
    @Test func startsHelpSaysWhichOfTrainsOptionsItTakes() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        func options(_ command: String) throws -> Set<String> {
            let help = try Self.peach([command, "--help"], in: folder).standardOutput
            return Set(help[help.range(of: "\nOPTIONS:")!.upperBound...].matches(of: /\n  (--[a-z-]+)/).map { String($0.output.1) })
        }
        #expect(try options("train").subtracting(options("start")) == ["--headless", "--no-audio"])
        for (language, words) in [("en", "Every option of `peach train` works here too and applies when you start, but --headless and --no-audio"),
                                  ("de", "Jede Option von `peach train` gilt auch hier, sobald du das Training startest, außer --headless und --no-audio")] {
            let help = try Self.help(["start"], language: language, in: folder)
            #expect(help.contains(words), "\(help)")
        }
        let refused = try Self.peach(["start", "--headless"], in: folder)
        #expect(refused.status == 64 && refused.standardError.contains("Unknown option '--headless'"), "\(refused)")
    }

    /// `play` goes to the device the settings name, and its help says so (it
    /// said ALSA's `default` unless --device), in both languages.
    @Test func playsHelpNamesTheDeviceSetting() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        for (language, words) in [("en", "Audio goes to the ALSA device the device setting names (else `default`) unless you choose another with --device"),
                                  ("de", "Der Ton geht an das ALSA-Gerät, das die Einstellung device nennt (sonst `default`), außer du wählst mit --device ein anderes")] {
            let help = try Self.help(["play"], language: language, in: folder)
            #expect(help.contains(words), "\(help)")
        }
    }

    /// The shell completes the words Peach knows: a setting's key after
    /// `settings get`, `set` and `reset`, and the choices of the options
    /// that take a word from a list (they offered file names).
    @Test(arguments: [("peach settings get no", "note-duration"), ("peach settings set no", "note-duration"), ("peach settings reset no", "note-duration"),
                      ("peach drone --timbre or", "organ"), ("peach metronome --click wo", "woodblock"), ("peach grid --keyboard qwertz", "qwertz"),
                      // Asked of Peach as the shell completes: the sources and ALSA devices there are.
                      ("peach play A4 --source org.peach.si", "org.peach.sine"), ("peach play A4 --device nu", "null"),
                      ("peach tuner --input-device nu", "null")])
    func theShellCompletesTheWordsPeachKnows(line: String, expected: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let script = folder.file("peach.bash")
        try Shell.run([BuildProducts.peach, "--generate-completion-script", "bash"]).standardOutput.write(toFile: script, atomically: true, encoding: .utf8)
        let words = line.split(separator: " ")
        let completed = try Shell.run(["bash", "-c", "source '\(script)'; COMP_WORDS=(\(line)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; "
                                       + "COMP_POINT=${#COMP_LINE}; _peach peach \(words[words.count - 1]) \(words[words.count - 2]); echo \"${COMPREPLY[*]}\""],
                                       environment: ["PATH": ParentFolder.of(BuildProducts.peach) + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                                                     "XDG_CONFIG_HOME": folder.file("config")])
        #expect(completed.standardOutput == expected + "\n", "\(line): \(completed)")
    }

    /// Every key the training screen answers to (AnswerKeys) is in the help, in both languages.
    @Test func trainingHelpListsEveryAnswerKey() throws {
        let english = try Shell.run([BuildProducts.peach, "train", "--help"]).standardOutput
        let german = try Shell.run([BuildProducts.peach, "--lang", "de", "train", "--help"]).standardOutput
        for (help, words) in [(english, ["Higher: ↑ → k l w d + 8 6 PageUp", "Lower: ↓ ← j h s a - 2 4 PageDown"]),
                              (german, ["Höher: ↑ → k l w d + 8 6 Bild↑", "Tiefer: ↓ ← j h s a - 2 4 Bild↓"])] {
            let text = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for phrase in words { #expect(text.contains(phrase), "\(phrase)\n\(help)") }
        }
    }

    /// An option the command does not have is named first, even where a value
    /// is wrong too (the parser would have judged the value first), with the
    /// command's own usage; a wrong value alone is still named as before.
    @Test(arguments: [
        (["grid", "--scale", "major"], "Error: Unknown option '--scale'\nUsage: peach grid [<options>] [<note>] [<scale>]\n"
            + "  See 'peach grid --help' for more information.\n"),
        (["export", "--output", "history.txt"], "Error: Unknown option '--output'\nUsage: peach export [--data-dir <dir>] [--csv] [<file>]\n"
            + "  See 'peach export --help' for more information.\n"),
        (["--lang", "de", "drone", "--tone=3", "H4"], "Fehler: Unbekannte Option '--tone'\nAufruf: peach drone [<optionen>] [<ton>]\n"
            + "  Siehe 'peach drone --help' für mehr Informationen.\n"),
        (["--plain", "--range", "C9-C10", "--bogus"], "Error: Unknown option '--bogus'\nUsage: peach [start] [--plain] [--no-bell] [--drone <note>] [--metronome <bpm>]\n"
            + "         [--range <range>] [--style <0-1>] [--duration <seconds>]\n         [--pause <seconds>] [--seed <n>] [--reference <hz>] [--source <id>]\n"
            + "         [--option <key=value> ...] [--device <name>] [--wav <file>]\n"
            + "         [--plugin-path <dir> ...] [--plugin-isolation <auto|in-process|bridge>]\n         [--data-dir <dir>]\n  See 'peach start --help' for more information.\n"),
        (["drone", "--", "--json"], "Error: '--json' is not a note: write a letter, an optional # or b, and an octave (C4, F#3, Bb2), or a MIDI number (60)\n"
            + "Usage: peach drone [<options>] [<note>]\n  See 'peach drone --help' for more information.\n"),
    ])
    func anUnknownOptionIsSaidFirst(arguments: [String], message: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Self.peach(arguments, in: folder)
        #expect(result.status == 64, "\(result)")
        #expect(result.standardError == message, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("data")), "nothing was done")
    }

    /// A word where a command goes that names none is said to be no command,
    /// with the nearest ones, under the usage of the command it follows: it
    /// was an unexpected argument of the default command, and `peach help
    /// stat` printed the whole help as if asked.
    @Test(arguments: [
        (["stat"], "Error: 'stat' is not a command of peach: did you mean start or stats?\nUsage: peach <subcommand>\n"
            + "  See 'peach --help' for more information.\n"),
        (["help", "stat"], "Error: 'stat' is not a command of peach: did you mean start or stats?\nUsage: peach <subcommand>\n"
            + "  See 'peach --help' for more information.\n"),
        (["record", "lst"], "Error: 'lst' is not a command of peach record: did you mean list?\nUsage: peach record <subcommand>\n"
            + "  See 'peach record --help' for more information.\n"),
        (["settings", "gt", "reference"], "Error: 'gt' is not a command of peach settings: did you mean get?\nUsage: peach settings <subcommand>\n"
            + "  See 'peach settings --help' for more information.\n"),
        (["history", "xyzzy"], "Error: 'xyzzy' is not a command of peach history: the commands are check\nUsage: peach history <subcommand>\n"
            + "  See 'peach history --help' for more information.\n"),
        (["--lang", "de", "recrod"], "Fehler: 'recrod' ist kein Befehl von peach: meintest du record?\nAufruf: peach <unterbefehl>\n"
            + "  Siehe 'peach --help' für mehr Informationen.\n"),
        // Two letters swapped are one slip, as typed.
        (["record", "lsit"], "Error: 'lsit' is not a command of peach record: did you mean list?\nUsage: peach record <subcommand>\n"
            + "  See 'peach record --help' for more information.\n"),
        // The journal's calendar takes a month where a command could go: a word near a command is that command,
        // said under the journal's usage (it was the calendar's).
        (["journal", "lst"], "Error: 'lst' is not a command of peach journal: did you mean list?\n"
            + "Usage: peach journal <subcommand>\n  See 'peach journal --help' for more information.\n"),
        (["journal", "serach"], "Error: 'serach' is not a command of peach journal: did you mean search?\n"
            + "Usage: peach journal <subcommand>\n  See 'peach journal --help' for more information.\n"),
        (["journal", "november"], "Error: 'november' is not a month: give YYYY-MM, e.g. 2026-11\n"
            + "Usage: peach journal calendar [--data-dir <dir>] [<YYYY-MM>] [--plain] [--json]\n  See 'peach journal calendar --help' for more information.\n"),
    ])
    func aWordThatIsNoCommandIsSaidToBeNone(arguments: [String], message: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Self.peach(arguments, in: folder)
        #expect(result.status == 64 && result.standardOutput.isEmpty, "\(result)")
        #expect(result.standardError == message, "\(result.standardError)")
    }

    /// Every example in every command's help is a command Peach takes: run as
    /// written (in a folder of its own, no sound card, no terminal), none is a
    /// usage error, so the help that teaches stays true as options change.
    /// One still running after 2 s has been taken (an hour of clicks rendering).
    @Test func everyExampleInTheHelpIsACommandPeachTakes() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        var commands: [[String]] = [[]], examples: Set<String> = []
        var index = 0
        while index < commands.count {
            let help = try Self.peach(["help"] + commands[index], in: folder).standardOutput
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            if let start = lines.firstIndex(of: "SUBCOMMANDS:") {
                for line in lines[(start + 1)...] where !line.hasPrefix("   ") {  // not an abstract's wrapped line
                    guard line.hasPrefix("  "), let name = line.split(separator: " ").first, !name.hasPrefix("See") else { break }
                    commands.append(commands[index] + [String(name)])
                }
            }
            if let start = lines.firstIndex(of: "Examples:") {
                for line in lines[(start + 1)...] {
                    guard line.hasPrefix("  peach") else { break }
                    // A note beside the command ("(prints 440)") is not part of it.
                    examples.insert(String(line.dropFirst(2).split(separator: "  (").first!))
                }
            }
            index += 1
        }
        #expect(commands.count >= 39 && examples.count >= 120, "\(commands.count) commands, \(examples.count) examples: \(commands)")
        let work = folder.file("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        for example in examples.sorted() {
            // Pipes and lists run each command: `peach` is this build wherever it stands.
            let command = example.replacing(/(^|[|;] *)peach/) { $0.output.1 + "timeout -s KILL 2 " + BuildProducts.peach }
            let result = try Shell.run(["sh", "-c", "cd '\(work)' && { \(command); } < /dev/null"],
                                       environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("data"),
                                                     "XDG_CACHE_HOME": folder.file("cache")])
            #expect(result.status != 64, "\(example): \(result.standardError)")
        }
    }

    /// `help` is a command wherever a subcommand goes (it was said to be none).
    @Test func helpAboutHelpIsHelp() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let help = try Self.peach(["help", "help"], in: folder)
        #expect(help.status == 0 && help.standardOutput.hasPrefix("OVERVIEW: Show subcommand help information."), "\(help)")
    }

    /// A word value is taken in any case, as notes and ranges are, and the
    /// journal's formats by their usual short names; the parser alone
    /// refused all but the exact word.
    @Test func wordValuesAreTakenInAnyCase() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        #expect(try Self.peach(["journal", "add", "Long tones"], in: folder).status == 0)
        let stats = try Self.peach(["stats", "--by", "Week", "--json"], in: folder)
        #expect(stats.status == 0 && stats.standardOutput.contains(#""period":"week""#), "\(stats)")
        let markdown = try Self.peach(["journal", "export", "--format", "md"], in: folder)
        #expect(markdown.status == 0 && markdown.standardOutput.hasPrefix("# "), "\(markdown)")
        let text = try Self.peach(["journal", "export", "--format", "TXT"], in: folder)
        #expect(text.status == 0 && !text.standardOutput.contains("#") && text.standardOutput.contains("Long tones"), "\(text)")
        let played = try Self.peach(["play", "A4", "--duration", "0.1", "--wav", "/dev/null", "--plugin-isolation", "In-Process"], in: folder)
        #expect(played.status == 0, "\(played)")
        let refused = try Self.peach(["journal", "export", "--format", "pdf"], in: folder)
        #expect(refused.status == 64 && refused.standardError.contains("'pdf' is invalid for '--format <format>'"), "\(refused)")
    }

    /// A usage error found only while running (the options against the setup
    /// they change) shows the command's own usage, not the root's.
    @Test func aUsageErrorFoundWhileRunningShowsTheCommandsUsage() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Shell.run([BuildProducts.peach, "metronome", "100", "--group", "2+2", "--beats", "5", "--wav", folder.file("m.wav")],
                                   environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("data"),
                                                 "XDG_CACHE_HOME": folder.file("cache")])
        #expect(result.status == 64, "\(result)")
        #expect(result.standardError == "Error: the grouping 2+2 adds up to 4 beats, but a bar has 5\n"
                    + "Usage: peach metronome [<options>] [<bpm>]\n  See 'peach metronome --help' for more information.\n", "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("m.wav")))
    }
}
