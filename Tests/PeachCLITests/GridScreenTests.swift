import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// The live grid driven through a pseudo-terminal, as a learner plays it:
/// typed keys, mouse clicks and a drag across the squares, the menu, a phrase
/// recorded and read back, every note measured in the paced WAV it sounded in.
@Suite(.serialized) struct GridScreenTests {
    static func start(_ arguments: [String], folder: TemporaryDirectory, data: String? = nil, columns: Int = 80, rows: Int = 24) throws -> PseudoTerminal {
        try PseudoTerminal([BuildProducts.peach, "grid"] + arguments, environment: [
            "XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": data ?? folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache",
            "LANG": "C.UTF-8",
        ], columns: columns, rows: rows)
    }

    /// A mouse report for the middle of a square: medium keys are 8 columns by 4 rows, under two lines of title.
    static func mouse(_ button: Int, row: Int, column: Int, pressed: Bool = true) -> String {
        "\u{1B}[<\(button);\(column * 8 + 4);\(2 + row * 4 + 2)\(pressed ? "M" : "m")"
    }

    /// Waits until no square is lit (a heavy border): the note before has ended.
    static func waitUnlit(_ terminal: PseudoTerminal) throws {
        _ = try terminal.waitFor("no lit key") { !$0.screen.text.contains("┏") }
    }

    /// The recording's seconds as the screen shows them ("REC 1.2 s of 10").
    static func recordedSeconds(_ terminal: PseudoTerminal) -> Double? {
        guard let range = terminal.screen.text.range(of: #"REC [0-9.]+"#, options: .regularExpression) else { return nil }
        return Double(terminal.screen.text[range].dropFirst(4))
    }

    /// Holds on until the recording's clock has moved on by `seconds`: the screen's own clock, not a sleep.
    static func hold(_ terminal: PseudoTerminal, seconds: Double) throws {
        let from = try #require(recordedSeconds(terminal))
        _ = try terminal.waitFor("the recording \(seconds) s on") { (recordedSeconds($0) ?? 0) >= from + seconds }
    }

    /// The first frames of sounds: above `threshold` after at least 10 ms at or below it (the file begins in silence).
    static func onsets(in samples: [Double], threshold: Double) -> [Int] {
        var found: [Int] = [], quiet = 480
        for (index, sample) in samples.enumerated() {
            if abs(sample) > threshold {
                if quiet >= 480 { found.append(index) }
                quiet = 0
            } else {
                quiet += 1
            }
        }
        return found
    }

    struct Kept: Decodable {
        struct Note: Decodable { var startFrame: Int; var lengthFrames: Int; var name: String; var frequency: Double }
        var notes: [Note]
        var sampleRate: Double
    }

    /// E minor on the sine: E3 F#3 G3 typed, A3 clicked and dragged onto B3,
    /// recorded as a phrase. The phrase names the five notes in order, and
    /// each sounds in the WAV on the frames the phrase says, at its pitch.
    @Test func aLearnerPlaysEMinorByKeyAndMouseAndReadsBackThePhrase() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("grid.wav")
        let terminal = try Self.start(["E", "minor", "--octaves", "3", "--source", "org.peach.sine", "--wav", file], folder: folder)
        try terminal.waitFor(text: "E natural minor")
        try Self.waitUnlit(terminal)  // the short sound at start has ended
        #expect(terminal.screen.text.contains("F#3"))
        terminal.send(" ")
        try terminal.waitFor(text: "REC")
        try Self.hold(terminal, seconds: 0.6)  // the start note (0.35 s) dies away: a silence to find the phrase by
        for (key, name) in [("1", "E3"), ("2", "F#3"), ("3", "G3")] {
            terminal.send(key)
            try terminal.waitFor(text: "Played \(name)")
            try Self.waitUnlit(terminal)
        }
        terminal.send(Self.mouse(0, row: 0, column: 3))
        try terminal.waitFor(text: "Played A3")
        try Self.hold(terminal, seconds: 0.3)
        terminal.send(Self.mouse(32, row: 0, column: 4))  // dragged onto the next square
        try terminal.waitFor(text: "Played B3")
        try Self.hold(terminal, seconds: 0.3)
        terminal.send(Self.mouse(0, row: 0, column: 4, pressed: false))
        try Self.waitUnlit(terminal)
        terminal.send(" ")
        try terminal.waitFor(text: "Phrase of 5 notes")
        #expect(terminal.screen.text.contains("E3 F#3 G3 A3 B3"))
        // Played back, each note lights its key as it sounds, the last one too, then none.
        terminal.send("\r")
        try terminal.waitFor(text: "Playing: E3 F#3 G3 A3 B3")
        _ = try terminal.waitFor("B3 lit by the playback") { terminal in
            terminal.screen.lines.contains { $0.contains("┃  B3  ┃") }
        }
        try Self.waitUnlit(terminal)
        terminal.send("\u{1B}")
        #expect(terminal.waitForExit(timeout: 10) == 0)

        let read = try PracticeCommandTests.peach(["grid", "--phrase", "--json"], folder: folder)
        let phrase = try JSONDecoder().decode(Kept.self, from: Data(read.standardOutput.utf8))
        #expect(phrase.notes.map(\.name) == ["E3", "F#3", "G3", "A3", "B3"])
        let samples = try WavFile.read(path: file).samples[0]
        // The phrase starts at its first note: the first sound after the start note has died away.
        // The first sound is the short note at start; the phrase's first note is the next.
        let origin = try #require(Self.onsets(in: samples, threshold: 1e-4).dropFirst().first)
        #expect(phrase.notes.allSatisfy { $0.lengthFrames > 12_000 }, "\(phrase.notes.map(\.lengthFrames))")
        for note in phrase.notes where note.lengthFrames > 12_000 {
            let first = origin + note.startFrame + 1000, last = origin + note.startFrame + note.lengthFrames - 1000
            let measured = FrequencyMeter.frequency(of: samples[first..<last], sampleRate: phrase.sampleRate, near: note.frequency)
            #expect(abs(FrequencyMeter.cents(measured, from: note.frequency)) < 1, "\(note.name): \(measured) Hz, not \(note.frequency)")
        }
        // A3 let go as the drag entered B3: B3 begins where A3 ends.
        let dragged = phrase.notes.suffix(2).map { $0 }
        #expect(dragged[0].startFrame + dragged[0].lengthFrames == dragged[1].startFrame)
    }

    /// On the SoundFont's flute, a typed E4 sounds at E4.
    @Test func aFluteKeySoundsAtItsPitch() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("flute.wav")
        let terminal = try Self.start(["E", "minor", "--octaves", "3", "--instrument", "flute", "--wav", file], folder: folder)
        try terminal.waitFor(text: "Flute")
        try Self.waitUnlit(terminal)
        terminal.send(" ")
        try terminal.waitFor(text: "REC")
        try Self.hold(terminal, seconds: 0.6)  // the start note dies away
        terminal.send("8")  // the eighth square of the first row: E4
        try terminal.waitFor(text: "Played E4")
        try Self.waitUnlit(terminal)
        terminal.send("\u{1B}")
        #expect(terminal.waitForExit(timeout: 10) == 0)
        let samples = try WavFile.read(path: file).samples[0]
        // The flute's tail and the SoundFont's reverb leave no silence to find it by: E4 is the loudest sound after the start note has died away.
        let late = samples.indices.dropFirst(28_800)
        let peak = try #require(late.max { abs(samples[$0]) < abs(samples[$1]) })
        // Past the attack, within the 0.35 s the key sounds.
        let steady = (peak + 4800)..<min(samples.count, peak + 14_400)
        let measured = FrequencyMeter.frequency(of: samples[steady], sampleRate: 48000, near: 329.63)
        #expect(abs(FrequencyMeter.cents(measured, from: 329.628)) < 10, "E4 measured at \(measured) Hz from frame \(peak)")
    }

    /// Plain mode says each note and each menu change in a line; a new
    /// recording asks before it replaces the kept phrase.
    /// Small keys have one line inside: the letter that plays a key shares it
    /// with the key's name (it was not drawn, though the README says it shows).
    @Test func smallKeysShowTheirLetters() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.start(["C", "major", "--key-size", "small", "--source", "org.peach.sine", "--wav", folder.file("s.wav")], folder: folder)
        try terminal.waitFor(text: "│C2 1││D2 2│")
        #expect(terminal.screen.text.contains("│G5 q││F5 w│"), "\(terminal.screen.text)")
        terminal.send("\u{1B}")
        #expect(terminal.waitForExit(timeout: 10) == 0)
    }

    @Test func plainModeSaysNotesMenuChangesAndAsksBeforeReplacingThePhrase() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.start(["D", "blues", "--plain", "--source", "org.peach.sine", "--wav", folder.file("p.wav")], folder: folder)
        try terminal.waitFor(text: "Grid: D blues, 25 keys from D2 to D6")
        terminal.send("w")
        // A row is an octave of the scale in plain mode; the second runs back, so w, its second square, is the octave's fifth note.
        try terminal.waitFor(text: "\nA3")
        // The arrows move the letter keys' block: which keys they now play is said (it was silent).
        terminal.send("\u{1B}[B")
        try terminal.waitFor(text: "The letter keys play ")
        terminal.send("\u{1B}[A")
        terminal.send("\t")
        try terminal.waitFor(text: "Menu. Up and down choose")
        terminal.send("\u{1B}[B")  // to Scale
        terminal.send("\u{1B}[C")  // the next scale
        try terminal.waitFor(text: "Scale: chromatic")
        terminal.send("\t")
        try terminal.waitFor(text: "Back to the grid.")
        terminal.send(" ")
        try terminal.waitFor(text: "Recording")
        terminal.send("1")
        try terminal.waitFor(text: "\nD2")
        terminal.send(" ")
        try terminal.waitFor(text: "Phrase of 1 note")
        terminal.send(" ")
        try terminal.waitFor(text: "A new recording replaces the kept phrase (1 note")
        terminal.send("x")
        try terminal.waitFor(text: "The kept phrase stays.")
        terminal.send("\u{03}")
        #expect(terminal.waitForExit(timeout: 10) == 0)
        #expect(!terminal.screen.text.contains("┌"))
    }

    /// A full disk (a real small tmpfs): the new phrase cannot be kept and
    /// says so by path; the kept one is intact, the new one still plays.
    @Test func aFullDiskKeepsTheOldPhraseAndSaysWhy() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        guard let disk = try SmallDisk.mountOrSkip(at: folder.file("disk"), bytes: 1 << 20) else { return }
        defer { disk.unmount() }
        let terminal = try Self.start(["E", "minor", "--source", "org.peach.sine", "--wav", folder.file("d.wav")], folder: folder, data: disk.path)
        try terminal.waitFor(text: "E natural minor")
        terminal.send(" ")
        try terminal.waitFor(text: "REC")
        terminal.send("1")
        try terminal.waitFor(text: "Played E2")
        terminal.send(" ")
        try terminal.waitFor(text: "Phrase of 1 note")
        disk.fill()
        terminal.send("  ")
        try terminal.waitFor(text: "REC")
        terminal.send("2")
        try terminal.waitFor(text: "Played F#2")
        terminal.send(" ")
        // The message goes on over the lines under the grid: the whole path, not cut at the window's width, and what became of the phrase.
        let message = "this phrase plays but is not kept: cannot write " + disk.path + "/peach/grid/phrase.json: No space left on device"
        _ = try terminal.waitFor("the path that cannot be written") { terminal in
            let lines = terminal.screen.lines
            return ([lines[1]] + lines.suffix(2)).joined().filter { !$0.isWhitespace } == message.filter { !$0.isWhitespace }
        }
        terminal.send("\r")  // the phrase not kept still plays
        try terminal.waitFor(text: "Playing: F#2")
        try terminal.waitFor(text: "Phrase (")
        terminal.send("\u{1B}")
        #expect(terminal.waitForExit(timeout: 10) == 0)
        let kept = try PhraseStore(dataDirectory: disk.path + "/peach").load()
        #expect(kept?.notes.map(\.name) == ["E2"])
    }

    /// A key the source will not play (this test source refuses notes above 1000 Hz) is said, and the grid plays on.
    @Test func aKeyTheSourceRefusesIsSaidAndPlayingGoesOn() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try CPlugin.build(BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/abi11_source.c", named: "refusing", in: folder.path)
        let terminal = try Self.start(["E", "minor", "--plain", "--octaves", "3", "--source", "org.peach.test.abi11", "--plugin-path", folder.path,
                                       "--wav", folder.file("x.wav")], folder: folder)
        try terminal.waitFor(text: "Grid: E natural minor, 22 keys from E3 to E6")
        terminal.send("h")  // the third row is E5 to D6: h, its sixth key, is C6 at 1046.5 Hz
        try terminal.waitFor(text: "the instrument will not play C6:")
        terminal.send("g")
        try terminal.waitFor(text: "\nB5")
        terminal.send("\u{1B}")
        #expect(terminal.waitForExit(timeout: 10) == 0)
    }

    /// In German the grid speaks German and the keys follow a German keyboard: z is on the second row.
    @Test func inGermanTheGridSpeaksGermanAndReadsAQwertzKeyboard() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.start(["--lang", "de", "E", "minor", "--plain", "--octaves", "3", "--source", "org.peach.sine", "--wav", folder.file("de.wav")],
                                      folder: folder)
        try terminal.waitFor(text: "Tastenraster: E natürliches Moll, 22 Tasten von E3 bis E6")
        terminal.send("z")  // QWERTZ: the sixth key of the second row, which runs back: F#4
        try terminal.waitFor(text: "\nF#4")
        terminal.send("\u{1B}")
        #expect(terminal.waitForExit(timeout: 10) == 0)
    }

    /// The layout fills the window and follows a resize.
    @Test func theLayoutFollowsTheWindow() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.start(["C", "major", "--source", "org.peach.sine", "--wav", folder.file("r.wav")], folder: folder, columns: 80)
        try terminal.waitFor(text: "C major")
        func squaresInFirstRow() -> Int { terminal.screen.lines[2].filter { $0 == "┌" || $0 == "┏" }.count }
        #expect(squaresInFirstRow() == 10)
        terminal.resize(columns: 120, rows: 30)
        _ = try terminal.waitFor("15 squares a row") { _ in squaresInFirstRow() == 15 }
        terminal.send("\u{1B}")
        #expect(terminal.waitForExit(timeout: 10) == 0)
    }
}

/// The menu (Tab) changes what the grid shows and plays: key size, random
/// order and back, the instrument chosen by name, a scale of the user's made
/// in the editor, sustain, and the metronome heard in the file.
@Suite(.serialized) struct GridMenuTests {
    static func open(_ terminal: PseudoTerminal, downs: Int) throws {
        terminal.send("\t")
        try terminal.waitFor(text: "Menu")
        terminal.send(String(repeating: "\u{1B}[B", count: downs))
    }

    /// The names on the first row of squares, whatever their size: the first line under the title that has any.
    static func firstRow(_ terminal: PseudoTerminal) -> [String] {
        for line in terminal.screen.lines.dropFirst(3) {
            let names = line.split(whereSeparator: { "│┃ ".contains($0) }).map(String.init)
            if !names.isEmpty { return names }
        }
        return []
    }

    @Test func theMenuChangesTheLayoutTheSoundAndTheScale() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try GridScreenTests.start(["C", "major", "--octaves", "3", "--source", "org.peach.sine", "--wav", folder.file("m.wav")],
                                                 folder: folder)
        try terminal.waitFor(text: "C major")
        #expect(Self.firstRow(terminal) == ["C3", "D3", "E3", "F3", "G3", "A3", "B3", "C4", "D4", "E4"])
        try Self.open(terminal, downs: 6)  // key size
        terminal.send("\u{1B}[C")
        try terminal.waitFor(text: "◀ large ▶")
        terminal.send("\t")
        _ = try terminal.waitFor("six large squares a row") { _ in Self.firstRow(terminal).count == 6 }

        try Self.open(terminal, downs: 7)  // random order
        terminal.send("\r")
        try terminal.waitFor(text: "◀ on ▶")
        terminal.send("\t")
        try terminal.waitFor(text: "random order")
        #expect(Self.firstRow(terminal) != ["C3", "D3", "E3", "F3", "G3", "A3"])
        try Self.open(terminal, downs: 7)
        terminal.send("\r\t")
        _ = try terminal.waitFor("the scale's order again") { _ in Self.firstRow(terminal) == ["C3", "D3", "E3", "F3", "G3", "A3"] }

        try Self.open(terminal, downs: 3)  // instrument: the list, narrowed by typing
        terminal.send("\r")
        try terminal.waitFor(text: "Choose a sound")
        terminal.send("violin")
        terminal.send("\r")
        try terminal.waitFor(text: "Menu")
        try terminal.waitFor(text: "FluidSynth: Violin")
        terminal.send("\t")
        try terminal.waitFor(text: "Violin · sustain off")

        try Self.open(terminal, downs: 2)  // the user's scale: C major with D♭ added, named
        terminal.send("\r")
        try terminal.waitFor(text: "Your scale from C")
        terminal.send("\u{1B}[C ")
        try terminal.waitFor(text: "[C#]")
        terminal.send("\r")
        try terminal.waitFor(text: "Name:")
        terminal.send("major b2\r")
        try terminal.waitFor(text: "Saved the scale 'major b2'")
        try terminal.waitFor(text: "C major b2")
        terminal.send("\u{1B}")
        #expect(terminal.waitForExit(timeout: 10) == 0)

        let listed = try PracticeCommandTests.peach(["grid", "--scales"], folder: folder)
        #expect(listed.standardOutput.contains("major b2            yours; from C: C C# D E F G A B"), "\(listed.standardOutput)")
        // The next session starts where this one ended: the new scale, the violin, large keys.
        let next = try GridScreenTests.start(["--wav", folder.file("n.wav")], folder: folder)
        try next.waitFor(text: "C major b2  Violin")
        #expect(Self.firstRow(next).count == 6)
        next.send("\u{1B}")
        #expect(next.waitForExit(timeout: 10) == 0)
    }

    /// Sustain lets a typed key ring two seconds; the metronome's clicks fall every 0.75 s at 80 BPM.
    @Test func sustainAndTheMetronomeAreHeard() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("s.wav")
        let terminal = try GridScreenTests.start(["A", "minor-pentatonic", "--source", "org.peach.sine", "--sustain", "--wav", file], folder: folder)
        try terminal.waitFor(text: "sustain on")
        terminal.send(" ")
        try terminal.waitFor(text: "REC")
        try GridScreenTests.hold(terminal, seconds: 0.6)
        terminal.send("1")
        try terminal.waitFor(text: "Played A2")
        try GridScreenTests.waitUnlit(terminal)
        terminal.send(" ")
        try terminal.waitFor(text: "Phrase of 1 note")
        try Self.open(terminal, downs: 8)  // metronome
        terminal.send("\r")
        try terminal.waitFor(text: "◀ on ▶")
        terminal.send("\t")
        try terminal.waitFor(text: "80 BPM")
        terminal.send(" ")
        try terminal.waitFor(text: "A new recording replaces the kept phrase (1 note, 2.0 s)")
        terminal.send(" ")
        try terminal.waitFor(text: "REC")
        try GridScreenTests.hold(terminal, seconds: 2.5)
        terminal.send("\u{1B}")
        #expect(terminal.waitForExit(timeout: 10) == 0)

        let read = try PracticeCommandTests.peach(["grid", "--phrase", "--json"], folder: folder)
        let phrase = try JSONDecoder().decode(GridScreenTests.Kept.self, from: Data(read.standardOutput.utf8))
        // A typed key's end is scheduled when the screen's loop wakes for it: on its frame, or a block or two after.
        #expect(phrase.notes.count == 1 && (96_000...96_512).contains(phrase.notes[0].lengthFrames), "a sustained tap rings 2 s")
        // The last 2.5 s hold only the clicks: onsets 36,000 frames apart.
        let samples = try WavFile.read(path: file).samples[0]
        // A click cut by the window's start is no onset.
        let onsets = GridScreenTests.onsets(in: Array(samples.suffix(100_000)), threshold: 1e-3).filter { $0 > 0 }
        let gaps = zip(onsets.dropFirst(), onsets).map { $0 - $1 }
        #expect(gaps.count >= 1 && gaps.allSatisfy { abs($0 - 36_000) <= 1 }, "clicks at \(onsets)")
    }
}
