import Foundation
import PeachHost
import PeachTestSupport
import Synchronization
import Testing

/// Presets and the last setup of the drone and the metronome: kept in their
/// own sections of the settings file, read back exactly, and never replaced
/// or lost unasked, damaged entries included.
@Suite(.serialized) struct PracticePresetTests {
    static func settingsPath(_ folder: TemporaryDirectory) -> String { folder.path + "/config/peach/settings.json" }

    static func settings(_ folder: TemporaryDirectory) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: settingsPath(folder)))) as? [String: Any])
    }

    static func plant(_ text: String, in folder: TemporaryDirectory) throws {
        try FileManager.default.createDirectory(atPath: folder.path + "/config/peach", withIntermediateDirectories: true)
        try text.write(toFile: settingsPath(folder), atomically: true, encoding: .utf8)
    }

    struct MetronomeReport: Decodable {
        struct Setup: Decodable { var bpm: Double; var beatsPerBar: Int; var grouping: [Int]?; var countInBars: Int }
        struct Click: Decodable { var frame: Int64 }
        var setup: Setup
        var click: String
        var clicks: [Click]
    }

    static func metronomeJSON(_ arguments: [String], folder: TemporaryDirectory) throws -> (MetronomeReport, Shell.Output) {
        let result = try PracticeCommandTests.peach(["metronome"] + arguments + ["--bars", "1", "--json"], folder: folder)
        #expect(result.status == 0, "\(result.standardError)")
        return (try JSONDecoder().decode(MetronomeReport.self, from: Data(result.standardOutput.utf8)), result)
    }

    /// A drone preset's A4 follows the reference setting unless it was set
    /// apart from it (`--reference`), as the tuner's does: saved at the
    /// setting's 440, it played 440 after the setting became 442, and its
    /// listed options did not say so. Entries written before this was kept
    /// read the same way: 440 was the setting's, another A4 the player's.
    @Test func aDronePresetsA4FollowsTheSettingUnlessSetApart() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        func frequencies(_ arguments: [String]) throws -> [Double] {
            struct Drone: Decodable { var frequencies: [Double] }
            let result = try PracticeCommandTests.peach(["drone"] + arguments + ["--seconds", "0.1", "--json"], folder: folder)
            #expect(result.status == 0, "\(result.standardError)")
            return try JSONDecoder().decode(Drone.self, from: Data(result.standardOutput.utf8)).frequencies
        }
        _ = try frequencies(["A3", "--save", "plain"])
        _ = try frequencies(["A3", "--reference", "415", "--save", "baroque"])
        #expect(try PracticeCommandTests.peach(["settings", "set", "reference", "442"], folder: folder).status == 0)
        #expect(try frequencies(["--preset", "plain"]) == [221])
        #expect(try frequencies(["--preset", "baroque"]) == [207.5])
        let list = try PracticeCommandTests.peach(["drone", "--presets"], folder: folder).standardOutput
        #expect(list.contains("= A3 --reference 415 --timbre pure") && list.contains("= A3 --timbre pure"), "\(list)")
        // Saved at 442 without --reference: it follows the setting back to 440, and does not list 442 as its own.
        _ = try frequencies(["A3", "--save", "at442"])
        #expect(try PracticeCommandTests.peach(["settings", "set", "reference", "440"], folder: folder).status == 0)
        #expect(try frequencies(["--preset", "at442"]) == [220])
        #expect(!(try PracticeCommandTests.peach(["drone", "--presets"], folder: folder).standardOutput.contains("--reference 442")))

        try Self.plant(#"{"reference": 450, "drone": {"presets": {"old": {"setup": {"root": 57, "reference": 440, "cents": 0, "fifth": false, "octave": false, "tuning": "just"}, "timbre": "pure"}, "#
                       + #""old415": {"setup": {"root": 57, "reference": 415, "cents": 0, "fifth": false, "octave": false, "tuning": "just"}, "timbre": "pure"}}}}"#, in: folder)
        #expect(try frequencies(["--preset", "old"]) == [225])
        #expect(try frequencies(["--preset", "old415"]) == [207.5])
    }

    @Test func aMetronomePresetIsSavedCalledBackChangedListedAndForgotten() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let (saved, run) = try Self.metronomeJSON(["92", "--beats", "7", "--group", "2+2+3", "--click", "beep", "--save", "seven"], folder: folder)
        #expect(run.standardError.contains("Saved the metronome preset 'seven'."))
        #expect(saved.setup.bpm == 92 && saved.clicks.count == 7)

        // Called back, the same clicks on the same frames.
        let (recalled, _) = try Self.metronomeJSON(["--preset", "seven"], folder: folder)
        #expect(recalled.setup.beatsPerBar == 7 && recalled.setup.grouping == [2, 2, 3] && recalled.click == "beep")
        #expect(recalled.clicks.map(\.frame) == saved.clicks.map(\.frame))
        // Options change it: another tempo keeps the meter; another meter drops the grouping.
        let (faster, _) = try Self.metronomeJSON(["--preset", "seven", "120"], folder: folder)
        #expect(faster.setup.bpm == 120 && faster.setup.beatsPerBar == 7 && faster.setup.grouping == [2, 2, 3])
        #expect(faster.clicks[1].frame == 24_000)  // 48 kHz at 120 BPM
        let (four, _) = try Self.metronomeJSON(["--preset", "seven", "--beats", "4"], folder: folder)
        #expect(four.setup.beatsPerBar == 4 && four.setup.grouping == nil && four.setup.bpm == 92)

        let list = try PracticeCommandTests.peach(["metronome", "--presets"], folder: folder)
        #expect(list.standardOutput == "seven  peach metronome --preset seven  = 92 --beats 7 --group 2+2+3 --click beep\n")

        let forget = try PracticeCommandTests.peach(["metronome", "--forget", "seven"], folder: folder)
        #expect(forget.status == 0 && forget.standardOutput == "Removed the metronome preset 'seven'.\n")
        let gone = try PracticeCommandTests.peach(["metronome", "--preset", "seven", "--bars", "1", "--json"], folder: folder)
        #expect(gone.status != 0 && gone.standardError.contains("no metronome preset named 'seven': none is saved yet"), "\(gone.standardError)")
    }

    @Test func aPresetIsNotReplacedUnasked() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        _ = try Self.metronomeJSON(["92", "--save", "warm-up"], folder: folder)
        let before = try String(contentsOfFile: Self.settingsPath(folder), encoding: .utf8)
        let refused = try PracticeCommandTests.peach(["metronome", "100", "--save", "warm-up", "--bars", "1", "--json"], folder: folder)
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("a different metronome preset named 'warm-up' is saved already; add --replace"), "\(refused.standardError)")
        #expect(refused.standardOutput.isEmpty, "nothing played")
        #expect(try String(contentsOfFile: Self.settingsPath(folder), encoding: .utf8) == before)
        // The same setup again is no conflict; --replace replaces.
        _ = try Self.metronomeJSON(["92", "--save", "warm-up"], folder: folder)
        _ = try Self.metronomeJSON(["100", "--save", "warm-up", "--replace"], folder: folder)
        #expect(try Self.metronomeJSON(["--preset", "warm-up"], folder: folder).0.setup.bpm == 100)
    }

    @Test(arguments: [
        (#"{"metronome": {"presets": {"odd": {"setup": {"bpm": 500, "beatsPerBar": 4}}}}}"#,
         "the metronome setup 'odd' does not read: 'setup.subdivision' is missing; Peach leaves it as it is (fix it in the file, or --forget odd)"),
        (#"{"metronome": {"presets": {"odd": 5}}}"#, "'odd' does not read: it is not a setup (an object of named fields)"),
        (#"{"metronome": {"presets": {"odd": {"setup": {"bpm": 900, "beatsPerBar": 4, "subdivision": 1, "countInBars": 0, "silentBeatChance": 0, "seed": 1}, "click": "beep", "silent": false}}}}"#,
         "outside 20 to 400"),
        (#"{"metronome": {"presets": {"odd": {"setup": {"bpm": 90, "beatsPerBar": 4, "subdivision": 1, "countInBars": 0, "silentBeatChance": 0, "seed": 1}, "click": "gong", "silent": false}}}}"#,
         "'gong'"),
        (#"{"metronome": {"presets": [1, 2]}}"#, "expected an object of named setups"),
        (#"{"bell": false,\#n "metronome": 5}"#, "line 2"),
    ])
    func aDamagedPresetIsNamedAndLeftAsItIs(planted: String, says: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try Self.plant(planted, in: folder)
        let result = try PracticeCommandTests.peach(["metronome", "--preset", "odd", "--bars", "1", "--json"], folder: folder)
        #expect(result.status != 0)
        #expect(result.standardError.contains(Self.settingsPath(folder)), "\(result.standardError)")
        #expect(result.standardError.contains(says), "\(result.standardError)")
        // Saving another preset leaves the damaged entry as it was, byte for byte, or refuses.
        let save = try PracticeCommandTests.peach(["metronome", "--save", "other", "--bars", "1", "--json"], folder: folder)
        if save.status == 0 {
            let odd = try #require(((try Self.settings(folder)["metronome"] as? [String: Any])?["presets"] as? [String: Any])?["odd"])
            let plantedOdd = try #require(((try JSONSerialization.jsonObject(with: Data(planted.utf8)) as? [String: Any])?["metronome"] as? [String: Any])
                .flatMap { ($0["presets"] as? [String: Any])?["odd"] })
            #expect(NSDictionary(dictionary: ["odd": odd]).isEqual(to: ["odd": plantedOdd]))
        } else {
            #expect(try String(contentsOfFile: Self.settingsPath(folder), encoding: .utf8) == planted)
        }
        // The trainer's settings still read.
        #expect(try PracticeCommandTests.peach(["settings"], folder: folder).status == 0)
    }

    @Test func otherSettingsAndTheToolSectionsKeepEachOther() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try Self.plant(#"{"reference": 442, "future-key": [1, 2]}"#, in: folder)
        _ = try Self.metronomeJSON(["80", "--save", "slow"], folder: folder)
        #expect(try PracticeCommandTests.peach(["settings", "set", "bell", "off"], folder: folder).status == 0)
        let settings = try Self.settings(folder)
        #expect(settings["reference"] as? Double == 442 && settings["bell"] as? Bool == false && settings["future-key"] as? [Int] == [1, 2])
        #expect(((settings["metronome"] as? [String: Any])?["presets"] as? [String: Any])?["slow"] != nil)
    }

    /// Six presets and four scales of one's own saved at once, by ten
    /// commands: each said "Saved", and only two presets were left (each save
    /// wrote back the list it had read before the others').
    @Test func presetsAndScalesSavedAtOnceAreAllKept() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let commands = (1...6).map { ["metronome", "\(60 + $0)", "--save", "p\($0)", "--bars", "1", "--json"] }
            + (1...4).map { ["grid", "C", "--save-scale", "s\($0)", "--notes", "C D E\(String(repeating: " G", count: $0 % 2)) A"] }
        let results = Mutex<[Shell.Output?]>(Array(repeating: nil, count: commands.count))
        DispatchQueue.concurrentPerform(iterations: commands.count) { index in
            let result = try? PracticeCommandTests.peach(commands[index], folder: folder)
            results.withLock { $0[index] = result }
        }
        for (command, result) in zip(commands, results.withLock { $0 }) { #expect(result?.status == 0, "\(command): \(String(describing: result))") }
        let settings = try Self.settings(folder)
        let presets = ((settings["metronome"] as? [String: Any])?["presets"] as? [String: Any])?.keys.sorted()
        #expect(presets == (1...6).map { "p\($0)" })
        let scales = ((settings["grid"] as? [String: Any])?["scales"] as? [[String: Any]])?.compactMap { $0["name"] as? String }.sorted()
        #expect(scales == (1...4).map { "s\($0)" })
    }

    struct DroneReport: Decodable { var frequencies: [Double]; var note: String }

    @Test func aDronePresetKeepsItsNoteFifthTimbreAndReference() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let save = try PracticeCommandTests.peach(["drone", "D3", "--fifth", "--timbre", "organ", "--reference", "442", "--save", "cello",
                                                    "--seconds", "0.1", "--json"], folder: folder)
        #expect(save.status == 0, "\(save.standardError)")
        let recalled = try PracticeCommandTests.peach(["drone", "--preset", "cello", "--cents", "-2", "--seconds", "0.1", "--json"], folder: folder)
        #expect(recalled.status == 0, "\(recalled.standardError)")
        let report = try JSONDecoder().decode(DroneReport.self, from: Data(recalled.standardOutput.utf8))
        let d3 = 442 * pow(2, (50 - 69 - 0.02) / 12)
        #expect(report.note == "D3" && report.frequencies.count == 2)
        #expect(abs(report.frequencies[0] - d3) < 1e-9 && abs(report.frequencies[1] - d3 * 1.5) < 1e-9)
        let list = try PracticeCommandTests.peach(["drone", "--presets"], folder: folder).standardOutput
        #expect(list == "cello  peach drone --preset cello  = D3 --fifth --tuning just --reference 442 --timbre organ\n")
        // --no-fifth takes the fifth away from a preset that has one.
        let bare = try PracticeCommandTests.peach(["drone", "--preset", "cello", "--no-fifth", "--seconds", "0.1", "--json"], folder: folder)
        #expect(try JSONDecoder().decode(DroneReport.self, from: Data(bare.standardOutput.utf8)).frequencies.count == 1)
    }

    /// The listing shows commands to copy: a name or a file with a space or
    /// a quote is quoted for the shell. A setup whose sound cannot start (a
    /// sample file gone) is not saved.
    @Test func presetsListCommandsToCopyAndOnlyWorkingSetupsAreSaved() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let gone = folder.file("my click.wav")
        let failed = try PracticeCommandTests.peach(["metronome", "90", "--sample", gone, "--save", "clicks", "--bars", "1", "--json"], folder: folder)
        #expect(failed.status == 1 && !failed.standardError.contains("Saved"), "\(failed)")
        #expect(try PracticeCommandTests.peach(["metronome", "--presets"], folder: folder).standardOutput.hasPrefix("No metronome presets"))
        try SampleFixture.write([[Float](repeating: 0.5, count: 480)], sampleRate: 48000, to: gone)
        #expect(try PracticeCommandTests.peach(["metronome", "90", "--sample", gone, "--save", "it's mine", "--bars", "1", "--json"], folder: folder).status == 0)
        let list = try PracticeCommandTests.peach(["metronome", "--presets"], folder: folder).standardOutput
        #expect(list == "it's mine  peach metronome --preset 'it'\\''s mine'  = 90 --beats 4 --click woodblock --sample '\(gone)'\n", "\(list)")
        let command = try #require(list.split(separator: "  ").dropFirst().first)
        let words = try Shell.run(["sh", "-c", "set -- \(command); printf '%s\\n' \"$@\""]).standardOutput
        #expect(words == "peach\nmetronome\n--preset\nit's mine\n", "the shell reads the name back whole: \(words)")

        // For a script, as JSON, with no length asked for (nothing renders); forgetting says so on standard error.
        for tool in ["metronome", "drone", "tuner"] {
            let listed = try PracticeCommandTests.peach([tool, "--presets", "--json"], folder: folder)
            #expect(listed.status == 0, "\(tool): \(listed.standardError)")
            let presets = try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [[String: String]]
            #expect(presets == (tool == "metronome" ? [["name": "it's mine", "options": "90 --beats 4 --click woodblock --sample '\(gone)'"]] : []), "\(tool)")
        }
        let forgotten = try PracticeCommandTests.peach(["metronome", "--forget", "it's mine", "--json"], folder: folder)
        #expect(forgotten.status == 0 && forgotten.standardOutput.isEmpty && forgotten.standardError.contains("Removed"), "\(forgotten)")
        #expect(try PracticeCommandTests.peach(["metronome", "--presets", "--json"], folder: folder).standardOutput == "[\n\n]\n")
    }

    /// A preset is found as takes and sounds are: in any case, or by a beginning
    /// only it has (it had to be typed exactly); forgetting takes the whole
    /// name in any case, never a beginning; and saving a name in another case
    /// is saving the same name.
    @Test func aPresetIsFoundInAnyCaseOrByItsBeginning() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        func run(_ arguments: [String]) throws -> Shell.Output { try PracticeCommandTests.peach(["metronome"] + arguments, folder: folder) }
        #expect(try run(["90", "--beats", "3", "--save", "Waltz", "--bars", "1", "--json"]).status == 0)
        for name in ["waltz", "WAL"] {
            let called = try run(["--preset", name, "--bars", "1", "--json"])
            #expect(called.status == 0 && called.standardOutput.contains("\"bpm\" : 90,"), "\(name): \(called.standardError)")
        }
        let clash = try run(["120", "--save", "WALTZ", "--bars", "1", "--json"])
        #expect(clash.status == 1 && clash.standardError.contains("a different metronome preset named 'Waltz' is saved already"), "\(clash)")
        #expect(try run(["120", "--save", "WALTZ", "--replace", "--bars", "1", "--json"]).status == 0)
        #expect(try run(["--presets"]).standardOutput == "WALTZ  peach metronome --preset WALTZ  = 120 --beats 4 --click woodblock\n")
        #expect(try run(["80", "--save", "Warm-up", "--bars", "1", "--json"]).status == 0)
        let both = try run(["--preset", "wa", "--bars", "1", "--json"])
        #expect(both.status == 1 && both.standardError.contains("'wa' fits more than one metronome preset: WALTZ, Warm-up"), "\(both.standardError)")
        #expect(try run(["--forget", "wal"]).status == 1, "a beginning never removes one")
        let forgotten = try run(["--forget", "waltz"])
        #expect(forgotten.status == 0 && forgotten.standardOutput == "Removed the metronome preset 'WALTZ'.\n", "\(forgotten)")
    }

    /// A preset keeps the other tool that sounded with it, as the options
    /// that chose it (`--drone D3`, `--metronome 72`): both were dropped.
    @Test func aPresetKeepsTheOtherToolThatSoundedWithIt() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        #expect(try PracticeCommandTests.peach(["metronome", "74", "--drone", "D", "--save", "full", "--bars", "1", "--json"], folder: folder).status == 0)
        #expect(try PracticeCommandTests.peach(["metronome", "--presets"], folder: folder).standardOutput.contains("--drone D3"))
        let full = try PracticeCommandTests.peach(["metronome", "--preset", "full", "--bars", "1", "--json"], folder: folder)
        let fullReport = try #require(try JSONSerialization.jsonObject(with: Data(full.standardOutput.utf8)) as? [String: Any], "\(full)")
        #expect((fullReport["drone"] as? [String: Any])?["note"] as? String == "D3", "\(fullReport)")

        #expect(try PracticeCommandTests.peach(["drone", "D3", "--metronome", "72", "--save", "cello", "--seconds", "1", "--json"], folder: folder).status == 0)
        #expect(try PracticeCommandTests.peach(["drone", "--presets"], folder: folder).standardOutput.contains("--metronome 72"))
        let cello = try PracticeCommandTests.peach(["drone", "--preset", "cello", "--seconds", "1", "--json"], folder: folder)
        let celloReport = try #require(try JSONSerialization.jsonObject(with: Data(cello.standardOutput.utf8)) as? [String: Any], "\(cello)")
        // 72 BPM: a beat every 40,000 frames.
        let clicks = ((celloReport["metronome"] as? [String: Any])?["clicks"] as? [[String: Any]])?.compactMap { $0["frame"] as? Int }
        #expect(clicks == [0, 40_000], "\(celloReport)")
    }

    /// A damaged last setup points to --fresh (there is no preset to --forget);
    /// one damaged preset does not hide the others from --presets.
    @Test func aDamagedEntryTellsItsOwnRemedyAndTheOthersStillList() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try Self.plant(#"{"metronome": {"last": {"setup": 7}, "presets": {"broken": [], "fine": {"setup": {"bpm": 90, "beatsPerBar": 3, "subdivision": 1, "countInBars": 0, "silentBeatChance": 0, "seed": 1}, "click": "beep", "silent": false}}}}"#, in: folder)
        let listed = try PracticeCommandTests.peach(["metronome", "--presets"], folder: folder)
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(listed.standardOutput.contains("fine  peach metronome --preset fine  = 90 --beats 3"), "\(listed.standardOutput)")
        #expect(listed.standardError.contains("'broken' does not read") && listed.standardError.contains("--forget broken"), "\(listed.standardError)")
        let preset = try PracticeCommandTests.peach(["metronome", "--preset", "broken", "--bars", "1", "--json"], folder: folder)
        #expect(preset.status != 0 && preset.standardError.contains("--forget broken"))
        // Live, the last setup is read: its remedy is --fresh.
        let live = try PracticeScreenTests.start(["metronome", "--wav", folder.file("live.wav")], folder: folder)
        #expect(live.waitForExit(timeout: 10) != 0)
        #expect(live.written(after: 0).contains("'last' does not read: 'setup' has a value of the wrong kind; Peach leaves it as it is "
                                                + "(fix it in the file, or start from the defaults with --fresh)"), "\(live.written(after: 0))")
    }

    @Test func aPlantedDroneRootOutsideMIDIIsRefusedNotCrashedOn() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try Self.plant(#"{"drone": {"presets": {"x": {"setup": {"root": 500, "cents": 0, "reference": 440, "fifth": false, "octave": false, "tuning": "just"}, "timbre": "pure"}}}}"#,
                       in: folder)
        let result = try PracticeCommandTests.peach(["drone", "--preset", "x", "--seconds", "0.1", "--json"], folder: folder)
        #expect(result.status == 1)
        #expect(result.standardError.contains("the drone setup 'x' does not read: the root, MIDI note 500, is outside 0 to 127"), "\(result.standardError)")
    }

    @Test(arguments: [["--save", ""], ["--save", " x"], ["--replace"], ["--presets", "--forget", "a"], ["--seed", "9007199254740993"],
                      ["--save=-x"], ["--presets", "--save", "x"], ["--forget", "a", "--save", "a"]])
    func badPresetOptionsAreUsageErrors(arguments: [String]) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try PracticeCommandTests.peach(["metronome"] + arguments + ["--bars", "1", "--json"], folder: folder)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: Self.settingsPath(folder)))
    }
}
