import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// `peach grid` as scripts use it: the layout printed and as JSON, the
/// user's own scales, the kept phrase read back, and what bad input is told.
@Suite struct GridCommandTests {
    static func peach(_ arguments: [String], folder: TemporaryDirectory) throws -> Shell.Output {
        try PracticeCommandTests.peach(arguments, folder: folder)
    }

    @Test func eMinorPrintsAsTheIssueShowsIt() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let printed = try Self.peach(["grid", "E", "natural-minor", "--print", "--columns", "7"], folder: folder)
        #expect(printed.status == 0, "\(printed.standardError)")
        let rows = printed.standardOutput.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.count == 4)
        #expect(rows[0] == ["E3", "F#3", "G3", "A3", "B3", "C4", "D4"])
        #expect(rows[1] == ["D5", "C5", "B4", "A4", "G4", "F#4", "E4"])
        #expect(rows[3] == ["E6"])  // the top root, at the end of the snake: the right-hand side of an even row
        // Nothing of the user's is read or made for a printed layout.
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/config"))
    }

    struct Layout: Decodable {
        struct Key: Decodable { var row: Int; var column: Int; var index: Int; var note: String; var midi: Int; var frequency: Double; var root: Bool }
        var root: String
        var scale: String
        var columns: Int
        var rows: Int
        var keys: [Key]
    }

    @Test func theJSONGivesEveryKeysPlaceNoteAndFrequency() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let output = try Self.peach(["grid", "A", "major-pentatonic", "--json", "--columns", "4", "--octaves", "4", "--reference", "442"], folder: folder)
        #expect(output.status == 0, "\(output.standardError)")
        let layout = try JSONDecoder().decode(Layout.self, from: Data(output.standardOutput.utf8))
        #expect(layout.keys.count == 21 && layout.columns == 4 && layout.rows == 6)
        #expect(layout.keys.prefix(6).map(\.note) == ["A2", "B2", "C#3", "E3", "F#3", "A3"])
        // Row 1 runs right to left: its first key in the scale's order sits in the last column.
        #expect(layout.keys[4].row == 1 && layout.keys[4].column == 3 && layout.keys[7].column == 0)
        let a4 = try #require(layout.keys.first { $0.note == "A4" })
        #expect(a4.frequency == 442 && a4.root && a4.midi == 69)
        for key in layout.keys {
            #expect(abs(key.frequency - 442 * pow(2, Double(key.midi - 69) / 12)) < 0.001)
        }
    }

    @Test func badInputIsToldWhatAndWhere() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let cases: [([String], String)] = [
            (["grid", "H", "--print"], "'H' is not a root"),
            (["grid", "E4", "--print"], "'E4' is not a root"),
            (["grid", "E", "dorian", "--print"], "no scale is called 'dorian'; the scales are: chromatic, major, natural-minor"),
            (["grid", "--save-scale", "nothing", "--notes", ""], "the scale 'nothing' has no notes"),
            (["grid", "C", "--save-scale", "odd", "--notes", "C H E"], "'H' is not a note name"),
            // Without a root the first note is counted from, and is still refused as a note (it was "not a root").
            (["grid", "--save-scale", "odd", "--notes", "Q R"], "'Q' is not a note name"),
            (["grid", "--save-scale", "blues", "--notes", "C D"], "'blues' is the name of a built-in scale"),
            (["grid", "--save-scale", " spaced", "--notes", "C D"], "' spaced' cannot name a scale: use 1 to 40 characters"),
            (["grid", "E", "--print", "--columns", "0"], "0 columns is outside 1 to 48"),
            (["grid", "E", "--print", "--octaves", "5"], "5 octaves is outside 3 to 4"),
            (["grid", "E", "--columns", "7"], "--columns sets the printed layout"),
            (["grid", "--plain", "--print"], "--plain is for playing live"),
            // A sound or a file for a grid that only prints was dropped without a word (no file written, exit 0).
            (["grid", "A", "--print", "--wav", "/tmp/peach-never-written.wav"], "--wav is for playing live; --print, --json, --phrase and --scales only print"),
            (["grid", "--json", "--instrument", "flute"], "--instrument is for playing live"),
            (["grid", "--phrase", "--device", "null"], "--device is for playing live"),
            (["grid", "--scales", "--option", "gain=0.2"], "--option is for playing live"),
            (["grid", "A", "--print", "--sustain"], "--sustain is for playing live"),
            (["grid", "A", "--json", "--key-size", "large"], "--key-size is for playing live"),
            (["grid", "--key-size", "huge"], "no key size 'huge'"),
            (["grid", "--keyboard", "dvorak"], "no keyboard layout 'dvorak'"),
        ]
        for (arguments, message) in cases {
            let output = try Self.peach(arguments, folder: folder)
            #expect(output.status == 64, "\(arguments): \(output.standardError)")
            #expect(output.standardError.contains(message), "\(arguments): \(output.standardError)")
        }
        let german = try Self.peach(["--lang", "de", "grid", "H", "--print"], folder: folder)
        #expect(german.status == 64 && german.standardError.contains("'H' ist kein Grundton"), "\(german.standardError)")
        // Live, with no terminal, it says how a script gets the layout, before any sound file is made.
        let piped = try Self.peach(["grid", "E", "minor", "--wav", folder.file("x.wav")], folder: folder)
        #expect(piped.status != 0 && piped.standardError.contains("--print or --json"), "\(piped.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.wav")))
    }

    /// A scale of the user's is saved, listed, laid out by name and removed; a name in use is never overwritten.
    @Test func aUserScaleIsSavedOfferedAndForgotten() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let saved = try Self.peach(["grid", "C", "--save-scale", "Hirajoshi", "--notes", "C D Eb G Ab"], folder: folder)
        #expect(saved.status == 0 && saved.standardOutput.contains("Saved the scale 'Hirajoshi'"), "\(saved.standardError)")
        let again = try Self.peach(["grid", "--save-scale", "hirajoshi", "--notes", "E F A B C"], folder: folder)
        #expect(again.status != 0 && again.standardError.contains("already have a scale called 'hirajoshi'"), "\(again.standardError)")
        let listed = try Self.peach(["grid", "--scales"], folder: folder)
        #expect(listed.standardOutput.contains("natural-minor") && listed.standardOutput.contains("Hirajoshi           yours; from C: C D Eb G Ab"),
                "\(listed.standardOutput)")
        struct Listed: Decodable, Equatable { var name: String; var own: Bool; var steps: [Int]; var fromC: [String] }
        let json = try JSONDecoder().decode([Listed].self, from: Data(try Self.peach(["grid", "--scales", "--json"], folder: folder).standardOutput.utf8))
        #expect(json.count == 8 && json.first { $0.name == "major" }?.steps == [0, 2, 4, 5, 7, 9, 11])
        #expect(json.last == Listed(name: "Hirajoshi", own: true, steps: [0, 2, 3, 7, 8], fromC: ["C", "D", "Eb", "G", "Ab"]))
        // Laid out from another root, the steps move with it.
        let printed = try Self.peach(["grid", "E", "Hirajoshi", "--print"], folder: folder)
        #expect(printed.standardOutput.split(separator: "\n").first?.split(separator: " ") == ["E3", "F#3", "G3", "B3", "C4"], "\(printed.standardOutput)")
        let forgotten = try Self.peach(["grid", "--forget-scale", "HIRAJOSHI"], folder: folder)
        #expect(forgotten.status == 0 && forgotten.standardOutput == "Removed the scale 'Hirajoshi'.\n", "\(forgotten)")
        let gone = try Self.peach(["grid", "E", "Hirajoshi", "--print"], folder: folder)
        #expect(gone.status == 64 && gone.standardError.contains("no scale is called 'Hirajoshi'"), "\(gone.standardError)")
    }

    /// The kept phrase is read back by --phrase; a file planted in its place is named and left alone.
    @Test func theKeptPhraseIsReadBackAndADamagedOneIsNamed() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let none = try Self.peach(["grid", "--phrase"], folder: folder)
        #expect(none.status == 0 && none.standardOutput.contains("No phrase kept yet"), "\(none.standardError)")
        let noneForAScript = try Self.peach(["grid", "--phrase", "--json"], folder: folder)
        #expect(noneForAScript.status == 0 && noneForAScript.standardOutput == "null\n", "valid JSON: \(noneForAScript.standardOutput)")
        let store = PhraseStore(dataDirectory: folder.path + "/data/peach")
        try store.save(Phrase(sound: PhraseSound(source: "org.peach.sine"), sampleRate: 48000, lengthFrames: 72_000, notes: [
            PhraseNote(startFrame: 0, lengthFrames: 16_800, note: 64, name: "E4", frequency: 329.63, velocity: 0.8),
            PhraseNote(startFrame: 24_000, lengthFrames: 48_000, note: 66, name: "F#4", frequency: 369.99, velocity: 0.8),
        ]))
        let read = try Self.peach(["grid", "--phrase"], folder: folder)
        let lines = read.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "The kept phrase: 2 notes, 1.5 s.", "\(read.standardOutput)")
        #expect(lines.dropFirst().map { $0.split(separator: " ").filter { !$0.isEmpty } } == [["0.00", "s", "E4", "for", "0.35", "s"],
                                                                                               ["0.50", "s", "F#4", "for", "1.00", "s"]])
        try "{\"sampleRate\": 1".write(toFile: store.path, atomically: true, encoding: .utf8)
        let damaged = try Self.peach(["grid", "--phrase"], folder: folder)
        #expect(damaged.status == 1 && damaged.standardError.contains(store.path + " holds no phrase Peach wrote (not the JSON of a phrase)"),
                "\(damaged.standardError)")
        #expect(try String(contentsOfFile: store.path, encoding: .utf8) == "{\"sampleRate\": 1")
    }
}
