import Foundation
import Glibc
import PeachAudio
import PeachFiles
import PeachGrid
import PeachMusic
import PeachTestSupport
import Testing

/// The scale grid's pure parts: scales by name, their spelling, the snaking
/// layout, phrases recorded as events and kept in a file that nothing
/// planted there can damage.
@Suite struct GridTests {
    static func names(_ layout: GridLayout, row: Int) -> [String] {
        (0..<layout.columns).compactMap { layout.key(row: row, column: $0)?.name }
    }

    @Test func eMinorSnakesAlongTheRowsAsTheIssueShowsIt() throws {
        let layout = GridLayout(root: try PitchClass(parsing: "E"), scale: try Scale.named("minor"), octaves: 3, columns: 7)
        #expect(Self.names(layout, row: 0) == ["E3", "F#3", "G3", "A3", "B3", "C4", "D4"])
        #expect(Self.names(layout, row: 1) == ["D5", "C5", "B4", "A4", "G4", "F#4", "E4"])
        // Read in the snake's order, the keys rise by the scale's steps, three octaves and the top root: 22 keys.
        #expect(layout.keys.count == 22 && layout.keys.last?.name == "E6")
        let notes = layout.keys.map(\.note.number)
        #expect(zip(notes, notes.dropFirst()).allSatisfy { $0 < $1 })
        // Each key found by its row and column is the key the layout holds there.
        for key in layout.keys { #expect(layout.key(row: key.row, column: key.column) == key) }
        #expect(layout.keys.filter(\.isRoot).map(\.name) == ["E3", "E4", "E5", "E6"])
    }

    @Test func everyBuiltInScaleHasItsStepsAndItsNames() throws {
        #expect(try Scale.named("natural minor").steps == [0, 2, 3, 5, 7, 8, 10])
        #expect(try Scale.named("Harmonic_Minor").steps == [0, 2, 3, 5, 7, 8, 11])
        #expect(try Scale.named("major-pentatonic").steps == [0, 2, 4, 7, 9])
        #expect(try Scale.named("minor-pentatonic").steps == [0, 3, 5, 7, 10])
        #expect(try Scale.named("blues").steps == [0, 3, 5, 6, 7, 10])
        #expect(try Scale.named("chromatic").steps == Array(0...11))
        #expect(throws: ScaleError.unknown("dorian", known: Scale.builtIn.map(\.name))) { try Scale.named("dorian") }
        let mine = try Scale(name: "Hirajoshi", steps: [0, 2, 3, 7, 8])
        #expect(try Scale.named("hirajoshi", userScales: [mine]) == mine)
        #expect(throws: ScaleError.empty(name: "none")) { try Scale(name: "none", steps: []) }
        #expect(throws: ScaleError.stepOutside(name: "odd", steps: [0, 12])) { try Scale(name: "odd", steps: [12, 0]) }
    }

    @Test func rootsAreTheTwelveNamesAndNothingElse() throws {
        #expect(try PitchClass(parsing: "F#").semitone == 6)
        #expect(try PitchClass(parsing: "bb").semitone == 10)
        #expect(try PitchClass(parsing: "E♭").description == "Eb")
        for bad in ["H", "E4", "", "X#", "C###"] {
            #expect(throws: ScaleError.unknownRoot(bad)) { try PitchClass(parsing: bad) }
        }
    }

    /// A seven-note scale takes a letter per degree; fewer notes take the
    /// letters of the scale they come from; the chromatic scale's others follow the key signature.
    @Test func scalesAreSpelledAsMusiciansWriteThem() throws {
        func spelled(_ root: String, _ scale: Scale) throws -> String {
            ScaleSpelling.names(of: scale, from: try PitchClass(parsing: root)).map(\.description).joined(separator: " ")
        }
        #expect(try spelled("E", .harmonicMinor) == "E F# G A B C D#")
        #expect(try spelled("F", .major) == "F G A Bb C D E")
        #expect(try spelled("Eb", .major) == "Eb F G Ab Bb C D")
        #expect(try spelled("G", .blues) == "G Bb C Db D F")
        // Fewer notes: as the seven-note scale they come from (C# major pentatonic had F, C# major has E#), the blues' flat fifth as a lowered fifth.
        #expect(try spelled("C#", .majorPentatonic) == "C# D# E# G# A#")
        #expect(try spelled("Ab", .minorPentatonic) == "Ab Cb Db Eb Gb")
        #expect(try spelled("E", .blues) == "E G A Bb B D")
        #expect(try spelled("A", .blues) == "A C D Eb E G")
        #expect(try spelled("D", .chromatic) == "D D# E F F# G G# A A# B C C#")
        #expect(try spelled("F", .chromatic) == "F Gb G Ab A Bb B C Db D Eb E")
        // B#3 sounds as C4 but keeps its letter's octave in its name.
        let sharp = GridLayout(root: try PitchClass(parsing: "C#"), scale: .major, octaves: 3, columns: 7)
        #expect(sharp.keys.map(\.name).prefix(8) == ["C#3", "D#3", "E#3", "F#3", "G#3", "A#3", "B#3", "C#4"])
        #expect(sharp.keys[6].note.number == 60)
    }

    /// Random order puts every note of the scale on some square, each once.
    @Test func aShuffledLayoutHoldsTheSameNotes() throws {
        let plain = GridLayout(root: try PitchClass(parsing: "A"), scale: .chromatic, octaves: 4, columns: 10)
        let order = Array(plain.keys.indices.reversed())
        let shuffled = GridLayout(root: plain.root, scale: .chromatic, octaves: 4, columns: 10, order: order)
        #expect(shuffled.keys.map(\.note).sorted() == plain.keys.map(\.note))
        #expect(shuffled.keys.first?.note == plain.keys.last?.note)
        #expect(GridLayout.keyCount(of: .chromatic, octaves: 4) == 49 && plain.keys.count == 49)
    }

    /// Notes on the frames they were played, trimmed to the first note, cut at ten seconds.
    @Test func aRecordedPhraseKeepsTheFramesFromItsFirstNote() throws {
        let layout = GridLayout(root: try PitchClass(parsing: "E"), scale: .naturalMinor, octaves: 3, columns: 7)
        var recorder = PhraseRecorder(startFrame: 1000, sampleRate: 48000)
        recorder.noteOn(id: 1, key: layout.keys[0], frequency: 164.8, velocity: 0.8, at: 5800)
        recorder.noteOff(id: 1, at: 10_000)
        recorder.noteOn(id: 2, key: layout.keys[1], frequency: 185, velocity: 0.8, at: 9000)
        recorder.noteOn(id: 3, key: layout.keys[2], frequency: 196, velocity: 0.8, at: 1000 + 480_000)  // past ten seconds: not kept
        let phrase = try #require(recorder.phrase(endingAt: 20_000, sound: PhraseSound(source: "org.peach.sine")))
        #expect(phrase.notes.map(\.name) == ["E3", "F#3"])
        #expect(phrase.notes.map(\.startFrame) == [0, 3200])
        #expect(phrase.notes.map(\.lengthFrames) == [4200, 11_000])  // the second, still sounding, ends with the phrase
        #expect(phrase.lengthFrames == 14_200)
        #expect(PhraseRecorder(startFrame: 0, sampleRate: 48000).phrase(endingAt: 100, sound: phrase.sound) == nil)
        #expect(recorder.isFull(at: 481_000) && !recorder.isFull(at: 480_999))
    }

    @Test func theKeptPhraseReadsBackAndAPlantedFileIsNeverFollowedOrReplaced() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let store = PhraseStore(dataDirectory: folder.path)
        #expect(try store.load() == nil)
        let phrase = Phrase(sound: PhraseSound(source: "org.peach.fluid", option: "program", value: "73"), sampleRate: 48000, lengthFrames: 48000,
                            notes: [PhraseNote(startFrame: 0, lengthFrames: 24000, note: 64, name: "E4", frequency: 329.63, velocity: 0.8)])
        try store.save(phrase)
        #expect(try store.load() == phrase)

        // A link planted where the phrase was: refused by name, its target untouched, kept aside before a new phrase is saved.
        let target = folder.file("precious.txt")
        try "mine".write(toFile: target, atomically: true, encoding: .utf8)
        unlink(store.path)
        symlink(target, store.path)
        #expect(throws: PhraseFileError.damaged(path: store.path, .symbolicLink)) { try store.load() }
        let aside = try store.keepAside()
        #expect(aside == store.folder + "/phrase.damaged.json")
        try store.save(phrase)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "mine")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: aside) == target)

        // Damaged JSON, and a phrase whose note runs past its end: named, with the field.
        try "{\"notes\": [".write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(throws: PhraseFileError.damaged(path: store.path, .unreadable)) { try store.load() }
        #expect(try store.keepAside() == store.folder + "/phrase.damaged-2.json")
        var bad = phrase
        bad.notes[0].lengthFrames = 60_000
        try store.save(bad)
        #expect(throws: PhraseFileError.damaged(path: store.path, .field("notes[0]"))) { try store.load() }
        // A frequency the key cannot have at any A4 Peach offers (1 GHz ended the grid when played), a key outside MIDI,
        // and notes out of time order: each named by its field.
        let edits: [(inout Phrase) -> Void] = [{ $0.notes[0].frequency = 1e9 }, { $0.notes[0].note = 200 },
                                               { $0.notes.append($0.notes[0]); $0.notes[0].startFrame = 1000 }]
        for (index, edit) in edits.enumerated() {
            var planted = phrase
            edit(&planted)
            try store.save(planted)
            #expect(throws: PhraseFileError.damaged(path: store.path, .field(index == 2 ? "notes[1]" : "notes[0]"))) { try store.load() }
        }
        // 415 Hz and 466 Hz for A4 both are A4.
        for hz in [415.0, 466.0] {
            var pitched = phrase
            pitched.notes[0] = PhraseNote(startFrame: 0, lengthFrames: 24000, note: 69, name: "A4", frequency: hz, velocity: 0.8)
            try store.save(pitched)
            #expect(try store.load() == pitched)
        }
    }

    /// Typed keys end by themselves; held keys when let go, or later with
    /// sustain; a phrase played back sounds on the frames it was played on.
    @Test func thePlayerAndPhrasePlaybackSoundOnTheirFrames() throws {
        let output = MemoryOutput(capacityFrames: 96_000)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance(options: [:]))
        let player = GridPlayer(engine: engine, reference: 440)
        let layout = GridLayout(root: try PitchClass(parsing: "A"), scale: .major, octaves: 3, columns: 7)
        player.recorder = PhraseRecorder(startFrame: 0, sampleRate: 48000)
        try player.press(layout.keys[0], at: 0, held: false)
        #expect(player.nextEnd == 16_800)
        try player.scheduleEnds(through: 16_799)
        #expect(player.soundingKeys == [0])
        try player.scheduleEnds(through: 16_800)
        #expect(player.soundingKeys.isEmpty)  // the tap ended after 0.35 s
        try player.press(layout.keys[7], at: 24_000, held: true)
        #expect(player.soundingKeys == [7] && player.nextEnd == nil)
        try player.release(layout.keys[7], at: 30_000)
        #expect(player.soundingKeys.isEmpty)
        let phrase = try #require(player.recorder?.phrase(endingAt: 40_000, sound: PhraseSound(source: "org.peach.sine")))
        #expect(phrase.notes.map(\.startFrame) == [0, 24_000])
        #expect(phrase.notes.map(\.lengthFrames) == [16_800, 6000])
        #expect(phrase.notes.map(\.name) == ["A3", "A4"])
        player.recorder = nil

        let playback = PhrasePlayer(engine: engine, track: try engine.addTrack(source: try SineFixture.instance(options: [:])))
        try playback.play(phrase, at: 48_000)
        _ = engine.render(through: 96_000)
        try engine.stop()
        let samples = output.samples(channel: 0)
        // The live A3 and its replay a second later, each measured where it sounds.
        let live = FrequencyMeter.frequency(of: samples[2000..<14_000].map(Double.init)[...], sampleRate: 48000)
        let replay = FrequencyMeter.frequency(of: samples[50_000..<62_000].map(Double.init)[...], sampleRate: 48000)
        let replayedA4 = FrequencyMeter.frequency(of: samples[73_000..<77_000].map(Double.init)[...], sampleRate: 48000)
        #expect(abs(FrequencyMeter.cents(live, from: 220)) < 1 && abs(FrequencyMeter.cents(replay, from: 220)) < 1)
        #expect(abs(FrequencyMeter.cents(replayedA4, from: 440)) < 1)
        let onset = samples[47_000...].firstIndex { $0 != 0 } ?? -1
        #expect((48_000...48_001).contains(onset), "the replay began on frame \(onset)")
    }
}
