import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// `peach tuner` from the outside: JSON lines read from sound files and from
/// an ALSA capture device (the `file` PCM reading an infile), the live screen
/// and plain mode through a pseudo-terminal, and each bad input's error.
@Suite struct TunerCommandTests {
    struct Line: Decodable {
        var time: Double
        var hz: Double?
        var note: String?
        var cents: Double?
        var confidence: Double
        var level: Double
        var written: String?
        var drone: Drone?
        struct Drone: Decodable { var semitones: Int; var cents: Double }
    }

    static func environment(_ folder: TemporaryDirectory) -> [String: String] {
        ["XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache"]
    }

    static func tuner(_ arguments: [String], folder: TemporaryDirectory, environment: [String: String] = [:]) throws -> Shell.Output {
        try Shell.run([BuildProducts.peach, "tuner"] + arguments, environment: Self.environment(folder).merging(environment) { $1 })
    }

    static func lines(_ output: Shell.Output) throws -> [Line] {
        try output.standardOutput.split(separator: "\n").map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
    }

    /// A sawtooth-like tone (the first eight partials, 1/k) at `hz`, `seconds` long, between `silence` seconds, as a float WAV.
    /// `silence` before the tone and after it, or `after` seconds after it.
    static func tone(_ path: String, hz: Double, seconds: Double, silence: Double = 0.3, after: Double? = nil, channels: Int = 1, channel: Int = 0) throws {
        let partials = (1...8).map { 1 / Double($0) }
        var samples = SyntheticTake(notes: [.init(start: silence, duration: seconds, frequency: hz, partials: partials)]).render()
        samples += [Float](repeating: 0, count: max(0, Int((silence + seconds + (after ?? silence)) * 48_000) - samples.count))
        try SampleFixture.write((0..<channels).map { $0 == channel ? samples : [Float](repeating: 0, count: samples.count) }, sampleRate: 48_000, to: path)
    }

    /// Every 10 ms step of a file is a line; silence reads as null; from 100 ms
    /// into each note on, every reading names the note and is within half a
    /// cent of its detuning.
    @Test func aFileIsReadStepByStepWithinHalfACent() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let a = folder.file("a.wav"), e = folder.file("e.wav")
        try Self.tone(a, hz: 440 * pow(2, 13.7 / 1200), seconds: 1)
        try Self.tone(e, hz: 82.406_889 * pow(2, -21.4 / 1200), seconds: 1)
        for (path, note, cents) in [(a, "A4", 13.7), (e, "E2", -21.4)] {
            let output = try Self.tuner(["--input", path, "--json"], folder: folder)
            #expect(output.status == 0, "\(output.standardError)")
            let lines = try Self.lines(output)
            let steps = zip(lines.dropFirst(), lines).map { $0.time - $1.time }
            #expect(steps.allSatisfy { abs($0 - 0.01) < 1e-6 }, "a reading every 10 ms")
            #expect(lines.filter { $0.time < 0.25 }.allSatisfy { $0.hz == nil && $0.note == nil }, "silence has no pitch")
            let steady = lines.filter { $0.time >= 0.4 && $0.time <= 1.3 }
            #expect(steady.count >= 85)
            #expect(steady.allSatisfy { $0.note == note && abs($0.cents! - cents) <= 0.5 },
                    "\(note): \(steady.filter { $0.note != note || abs($0.cents! - cents) > 0.5 }.prefix(3).map { ($0.time, $0.note, $0.cents) })")
            #expect(lines.filter { $0.time > 1.45 }.allSatisfy { $0.hz == nil }, "the silence after the note")
        }
    }

    /// A B♭ instrument reads its written note; against a just D3 drone an
    /// equal-tempered A4 is a twelfth (19 semitones) and 1.96 cents flat of pure.
    @Test func transpositionAndTheDroneAreReadToo() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let a = folder.file("a.wav")
        try Self.tone(a, hz: 440, seconds: 1)
        let output = try Self.tuner(["--input", a, "--json", "--transpose", "Bb", "--drone", "D3"], folder: folder)
        #expect(output.status == 0, "\(output.standardError)")
        let steady = try Self.lines(output).filter { $0.time >= 0.4 && $0.time <= 1.3 }
        #expect(!steady.isEmpty && steady.allSatisfy { $0.note == "A4" && $0.written == "B4" })
        #expect(steady.allSatisfy { $0.drone?.semitones == 19 && abs($0.drone!.cents + 1.955) <= 0.5 },
                "\(steady.prefix(3).map(\.drone?.cents))")
        // A transposition down, in semitones: the value, though it starts with a dash (it was read as a missing value).
        let down = try Self.tuner(["--input", a, "--json", "--transpose", "-3"], folder: folder)
        #expect(down.status == 0, "\(down.standardError)")
        #expect(try Self.lines(down).filter { $0.time >= 0.4 && $0.time <= 0.9 }.allSatisfy { $0.written == "F#4" })
    }

    /// In a temperament the tuner reads against the tempered key, A kept at
    /// A4: Werckmeister III's E4 (330 Hz) is in tune there and 1.96 cents sharp
    /// of equal; just intonation on D has F#4 a pure third above D. A Scala
    /// file kept in a preset still reads when the file is gone, and the notes
    /// of a take are read the same way.
    @Test func aTemperamentIsReadAgainstItsOwnKeys() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let e = folder.file("e.wav"), fSharp = folder.file("fsharp.wav"), scala = folder.file("werck.scl")
        try Self.tone(e, hz: 330, seconds: 1)
        try Self.tone(fSharp, hz: 440 / 1.5 * 1.25, seconds: 1)
        try Data(("! from a synced folder\nWerckmeister III, from a file\n12\n256/243\n192.18\n32/27\n390.225\n4/3\n1024/729\n696.09\n128/81\n"
                  + "888.27\n16/9\n1092.18\n2/1\n").utf8).write(to: URL(fileURLWithPath: scala))
        func steadyCents(_ arguments: [String], note: String) throws -> [Double] {
            let output = try Self.tuner(arguments + ["--json"], folder: folder)
            #expect(output.status == 0, "\(arguments): \(output.standardError)")
            let steady = try Self.lines(output).filter { $0.time >= 0.4 && $0.time <= 1.3 }
            #expect(steady.count >= 85 && steady.allSatisfy { $0.note == note }, "\(arguments): \(steady.prefix(3).map(\.note))")
            return steady.compactMap(\.cents)
        }
        #expect(try steadyCents(["--input", e, "--temperament", "werckmeister3"], note: "E4").allSatisfy { abs($0) <= 0.5 })
        #expect(try steadyCents(["--input", e], note: "E4").allSatisfy { abs($0 - 1.955) <= 0.5 })
        #expect(try steadyCents(["--input", fSharp, "--temperament", "JUST", "--root", "d"], note: "F#4").allSatisfy { abs($0) <= 0.5 })
        #expect(try steadyCents(["--input", fSharp], note: "F#4").allSatisfy { abs($0 + 15.64) <= 0.5 })

        #expect(try steadyCents(["--input", e, "--temperament", scala, "--save", "baroque"], note: "E4").allSatisfy { abs($0) <= 0.5 })
        let saved = try Self.tuner(["--presets"], folder: folder)
        #expect(saved.standardOutput.contains("--temperament \(scala) --root C"), "\(saved.standardOutput)")
        try FileManager.default.removeItem(atPath: scala)
        #expect(try steadyCents(["--input", e, "--preset", "baroque"], note: "E4").allSatisfy { abs($0) <= 0.5 })
        // `equal` undoes the preset's temperament for one run.
        #expect(try steadyCents(["--input", e, "--preset", "baroque", "--temperament", "equal"], note: "E4").allSatisfy { abs($0 - 1.955) <= 0.5 })

        // In German, a temperament Peach knows is named in German.
        let german = try Shell.run([BuildProducts.peach, "--lang", "de", "record", "notes", fSharp, "--temperament", "just", "--root", "D"],
                                   environment: Self.environment(folder))
        #expect(german.standardOutput.contains("Reine Stimmung auf D"), "\(german)")
        let notes = try Shell.run([BuildProducts.peach, "record", "notes", e, "--temperament", "werck", "--json"], environment: Self.environment(folder))
        #expect(notes.status == 0, "\(notes.standardError)")
        let heard = try #require(try JSONSerialization.jsonObject(with: Data(notes.standardOutput.utf8)) as? [[String: Any]])
        #expect(heard.count == 1 && heard[0]["note"] as? String == "E4" && abs(heard[0]["cents"] as? Double ?? 99) <= 0.5, "\(heard)")
    }

    /// A file that stops decoding before its end (damaged bytes in a FLAC) is
    /// read as far as it goes and said to be cut, by the tuner and the
    /// recorder alike (both ended quietly, as if the music had).
    @Test func aFileThatStopsDecodingIsSaidToBeCut() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let whole = folder.file("whole.flac"), damaged = folder.file("damaged.flac")
        let sox = try Shell.run(["sox", "-n", "-r", "48000", "-c", "1", whole, "synth", "2", "sine", "440"])
        #expect(sox.status == 0, "\(sox.standardError)")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: whole)))
        for index in (bytes.count / 3)..<(bytes.count / 3 + 400) { bytes[index] = 0x55 }
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))
        let read = try Self.tuner(["--input", damaged, "--json"], folder: folder)
        #expect(read.status == 0 && read.standardError.contains("'\(damaged)' stopped decoding after ") && read.standardError.contains(" of its 2.00 s"),
                "\(read.standardError)")
        #expect(try Self.lines(read).contains { $0.note == "A4" }, "what decoded was read")
        let fine = try Self.tuner(["--input", whole, "--json"], folder: folder)
        #expect(fine.status == 0 && fine.standardError.isEmpty, "\(fine.standardError)")
        let recorded = try Shell.run([BuildProducts.peach, "record", "--input", damaged, "--name", "cut"], environment: Self.environment(folder))
        #expect(recorded.status == 0 && recorded.standardError.contains("stopped decoding after"), "\(recorded)")
    }

    /// A temperament that is not one, or cannot be read, is named with what and where.
    @Test func aTemperamentThatDoesNotReadIsNamed() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let damaged = folder.file("damaged.scl"), seven = folder.file("seven.scl"), tritave = folder.file("bp.scl")
        let fifo = folder.file("fifo.scl"), huge = folder.file("huge.scl")
        #expect(mkfifo(fifo, 0o600) == 0)
        try Data(repeating: UInt8(ascii: "1"), count: 70_000).write(to: URL(fileURLWithPath: huge))
        try Data("Broken\n12\n100.0\n200.0\nthree hundred\n".utf8).write(to: URL(fileURLWithPath: damaged))
        try Data("Major\n7\n9/8\n5/4\n4/3\n3/2\n5/3\n15/8\n2/1\n".utf8).write(to: URL(fileURLWithPath: seven))
        try Data(("Tritave\n12\n" + (1...11).map { "\(Double($0) * 100)\n" }.joined() + "3/1\n").utf8).write(to: URL(fileURLWithPath: tritave))
        let cases: [([String], String)] = [
            (["--temperament", "werkmeister"], "--temperament werkmeister: 'werkmeister' is neither a temperament Peach knows (werckmeister3, kirnberger3, vallotti, meantone, just, equal) nor a Scala file"),
            (["--root", "D"], "--root places a temperament: give --temperament too"),
            (["--temperament", "just", "--root", "H"], "--root H: 'H' is not a root"),
            (["--temperament", damaged], "--temperament \(damaged): line 5: 'three hundred' is neither cents (with a point: 390.225) nor a ratio (5/4)"),
            (["--temperament", seven], "it has 7 notes to the octave; a temperament of the keys has 12"),
            (["--temperament", tritave], "its last note, 1901.955 cents, is not the octave (1200 cents)"),
            (["--temperament", folder.file("gone.scl")], "cannot read \(folder.file("gone.scl")): No such file or directory"),
            // Only a regular file of a Scala file's size: a device or a FIFO was read for ever (2 GB of /dev/zero in 4 s).
            (["--temperament", folder.path + "/"], "it is no file (a folder, a device or a pipe)"),
            (["--temperament", "/dev/zero"], "--temperament /dev/zero: it is no file (a folder, a device or a pipe)"),
            (["--temperament", fifo], "it is no file"),
            (["--temperament", huge], "it holds 70000 bytes, more than a Scala file does (65536 at most)"),
        ]
        for (arguments, words) in cases {
            let output = try Self.tuner(arguments + ["--input", damaged, "--json"], folder: folder)
            #expect(output.status == 64 && output.standardError.contains(words), "\(arguments): \(output.status) \(output.standardError)")
        }
    }

    /// One channel of several: the tone on channel 2 is read with `--channel 2`;
    /// channel 1 holds nothing, which is said rather than printed as nulls.
    @Test func theChosenChannelIsHeard() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let stereo = folder.file("stereo.wav")
        try Self.tone(stereo, hz: 196, seconds: 0.6, channels: 2, channel: 1)
        let second = try Self.tuner(["--input", stereo, "--json", "--channel", "2"], folder: folder)
        #expect(second.status == 0)
        #expect(try Self.lines(second).contains { $0.note == "G3" })
        let first = try Self.tuner(["--input", stereo, "--json"], folder: folder)
        #expect(first.status == 1)
        #expect(first.standardError.contains("no sound was heard from '\(stereo)'") && first.standardError.contains("--channel"))
        let third = try Self.tuner(["--input", stereo, "--json", "--channel", "3"], folder: folder)
        #expect(third.status == 1 && third.standardError.contains("'\(stereo)' has 2 channels, so there is no channel 3"), "\(third.standardError)")
    }

    /// Captured through ALSA: a `file` PCM whose infile holds the player's
    /// note, as a sound card would deliver it.
    @Test func aCaptureDeviceIsReadTheSameWay() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let raw = folder.file("heard.raw")
        let rate = 48_000.0
        let samples = (0..<48_000).map { Int32((0.4 * sin(2 * .pi * 330 * Double($0) / rate) * 2147483647).rounded()) }
        try samples.withUnsafeBytes { try Data($0).write(to: URL(fileURLWithPath: raw)) }
        let config = folder.file("capture.conf")
        try """
            pcm.peach_capture {
                type file
                slave.pcm null
                file "/dev/null"
                infile "\(raw)"
                format "raw"
            }
            """.write(toFile: config, atomically: true, encoding: .utf8)
        let alsa = ["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + config, "HOME": folder.path]
        let output = try Self.tuner(["--input-device", "peach_capture", "--json", "--seconds", "0.9"], folder: folder, environment: alsa)
        #expect(output.status == 0, "\(output.standardError)")
        let lines = try Self.lines(output)
        #expect(lines.last.map { $0.time >= 0.85 && $0.time <= 0.9 } == true)
        let steady = lines.filter { $0.time >= 0.15 }
        #expect(!steady.isEmpty && steady.allSatisfy { $0.note == "E4" && abs($0.cents! - 1.955) <= 0.5 }, "\(steady.prefix(2).map(\.cents))")
        let missing = try Self.tuner(["--input-device", "nosuch", "--json"], folder: folder, environment: alsa)
        #expect(missing.status == 1 && missing.standardError.contains("no capture device 'nosuch'"), "\(missing.standardError)")
        // The input-device setting names it once for every listening tool; a device ALSA does not have is refused when set.
        let unknown = try Shell.run([BuildProducts.peach, "settings", "set", "input-device", "nosuch"],
                                    environment: Self.environment(folder).merging(alsa) { $1 })
        #expect(unknown.status != 0 && unknown.standardError.contains("there is no ALSA capture device 'nosuch' here"), "\(unknown.standardError)")
        let set = try Shell.run([BuildProducts.peach, "settings", "set", "input-device", "peach_capture"], environment: Self.environment(folder).merging(alsa) { $1 })
        #expect(set.status == 0, "\(set.standardError)")
        let bySetting = try Self.tuner(["--json", "--seconds", "0.5"], folder: folder, environment: alsa)
        let heard = try Self.lines(bySetting)
        #expect(bySetting.status == 0 && heard.contains { $0.note == "E4" }, "\(bySetting.standardError)")
    }

    @Test func badInputIsNamed() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let corrupt = folder.file("take.flac"), silence = folder.file("silence.wav"), empty = folder.file("empty.wav"), blip = folder.file("blip.wav")
        try Data("fLaC but not really".utf8).write(to: URL(fileURLWithPath: corrupt))
        try Data().write(to: URL(fileURLWithPath: empty))
        let text = folder.file("notes.txt")
        try Data("not a sound".utf8).write(to: URL(fileURLWithPath: text))
        try SampleFixture.write([[Float](repeating: 0, count: 4800)], sampleRate: 48000, to: silence)
        try SampleFixture.write([(0..<240).map { Float(sin(Double($0) * 2 * .pi * 440 / 48000)) }], sampleRate: 48000, to: blip)
        let cases: [([String], Int32, String)] = [
            (["--input", folder.file("gone.wav"), "--json"], 1, "cannot read the sound file '\(folder.file("gone.wav"))': No such file or directory\n"),
            (["--input", corrupt, "--json"], 1, "cannot read the sound file '\(corrupt)': unknown error in flac decoder\n"),
            (["--input", text, "--json"], 1, "cannot read the sound file '\(text)': Format not recognised\n"),
            // libsndfile says "Format not recognised." for both of these.
            (["--input", empty, "--json"], 1, "cannot read the sound file '\(empty)': it is empty\n"),
            (["--input", folder.path, "--json"], 1, "cannot read the sound file '\(folder.path)': Is a directory\n"),
            // 5 ms of a loud tone, shorter than a step: it was never "no sound".
            (["--input", blip, "--json"], 1, "'\(blip)' ended before the first reading, which comes after 10 ms: there was nothing to tune\n"),
            (["--input", silence, "--json"], 1, "no sound was heard from '\(silence)'"),
            (["--transpose", "H"], 64, "'H' is not a transposition"),
            (["--transpose", "+30"], 64, "outside -24 to 24"),
            (["--lowest", "C5", "--highest", "C4"], 64, "--lowest C5 is not below --highest C4"),
            (["--lowest", "X9"], 64, "--lowest X9: 'X9' is not a note"),
            (["--lowest", "C2", "--highest", "Q4"], 64, "--highest Q4: 'Q4' is not a note"),
            (["--drone", "Z"], 64, "--drone Z: 'Z"),
            (["--tolerance", "0"], 64, "a tolerance of 0 cents is outside 0.5 to 25"),
            (["--fifth"], 64, "name its note with --drone"),
            (["--channel", "0"], 64, "channel 0 does not exist"),
            (["--input", corrupt, "--input-device", "hw:0"], 64, "give one"),
            // Options that would do nothing (they were taken and ignored).
            (["--input", silence, "--json", "--wav", folder.file("t.wav")], 64, "the tuner's only sound is its drone: --wav, --device, --source and --option go with --drone"),
            (["--input", silence, "--json", "--source", "org.peach.click"], 64, "the tuner's only sound is its drone"),
            (["--input", silence, "--json", "--drone", "D4", "--wav", folder.file("t.wav")], 64, "a file read with --json sounds no drone"),
            // Standard input is a pipe here: the screen cannot read its keys, and the hint is the tuner's own script mode.
            (["--input", silence, "--plain", "--drone", "D3", "--wav", folder.file("drone.wav")], 1,
             "the tuner reads its keys from a terminal, and standard input is not one; for a script, use --json (with --input FILE for a recording)"),
        ]
        for (arguments, status, words) in cases {
            let output = try Self.tuner(arguments, folder: folder)
            #expect(output.status == status && output.standardError.contains(words), "\(arguments): \(output.status) \(output.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("drone.wav")), "refused before the drone's file is made")
    }

    /// The live screen, from a file read at the pace of a device: the note,
    /// its cents and the verdict in words, the needle; q quits. In German once.
    @Test func theLiveScreenShowsTheNoteAndTheNeedle() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let a = folder.file("a.wav")
        try Self.tone(a, hz: 440 * pow(2, 13.7 / 1200), seconds: 3)
        let terminal = try PseudoTerminal([BuildProducts.peach, "tuner", "--input", a, "--transpose", "Bb"],
                                          environment: Self.environment(folder).merging(["LANG": "C.UTF-8"]) { $1 }, columns: 80, rows: 24)
        try terminal.waitFor(text: "+13.7 cents")
        #expect(terminal.screen.text.contains("B4") && terminal.screen.text.contains("(sounds A4)"))
        #expect(terminal.screen.text.contains("[SHARP ▶]") && terminal.screen.text.contains("B♭ instrument"))
        #expect(terminal.screen.text.contains("█"), "the needle")
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 10) == 0)

        let german = try PseudoTerminal([BuildProducts.peach, "--lang", "de", "tuner", "--input", a],
                                        environment: Self.environment(folder), columns: 80, rows: 24)
        try german.waitFor(text: "+13,7 Cent")
        #expect(german.screen.text.contains("Stimmgerät") && german.screen.text.contains("[ZU HOCH ▶]"))
        german.send("q")
        #expect(german.waitForExit(timeout: 10) == 0)
    }

    /// Plain mode says its setup, then a line when the note starts, nothing more while it holds.
    @Test func plainModeSaysTheNoteOnce() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let a = folder.file("a.wav")
        try Self.tone(a, hz: 440 * pow(2, -1.2 / 1200), seconds: 1.5, after: 3.5)
        let terminal = try PseudoTerminal([BuildProducts.peach, "tuner", "--input", a, "--plain", "--temperament", "vallotti"],
                                          environment: Self.environment(folder))
        #expect(terminal.waitForExit(timeout: 20) == 0, "ends with the file")
        let said = terminal.written(after: 0)
        // The temperament is said with the setup; A, which it keeps at A4, reads as before.
        #expect(said.contains("Tuner listening to \(a), A4 = 440 Hz, concert pitch, Vallotti on C. Keys: plus or up raises A4 by 1 Hz,"), "\(said)")
        // The tone ends 3.5 s before the file does: the silence after it (over 3 s) is said once, as the screen shows it.
        #expect(said.components(separatedBy: "No signal from \(a)").count == 2, "once: \(said)")
        // Not before the tone: the first readings had not come yet, which was read as silence.
        let noSignal = try #require(said.range(of: "No signal from")), note = try #require(said.range(of: "A4 in tune"))
        #expect(note.lowerBound < noSignal.lowerBound, "\(said)")
        #expect(said.components(separatedBy: "A4 in tune, 1.").count == 2, "once, with its cents: \(said)")
        #expect(!said.contains("\u{1B}[2J"), "no full-screen drawing")
        // With a drone, the line says the interval above it too, as the screen shows it.
        let withDrone = try PseudoTerminal([BuildProducts.peach, "tuner", "--input", a, "--plain", "--drone", "D3", "--wav", folder.file("drone.wav")],
                                           environment: Self.environment(folder))
        #expect(withDrone.waitForExit(timeout: 20) == 0)
        #expect(withDrone.written(after: 0).contains("A4 in tune, 1.2 cents off. Against the drone D3: fifth, 1 octave up, -3.2 cents from pure."),
                "\(withDrone.written(after: 0))")

        // The help says what the tuner's lines say, not the metronome's tempo and pauses.
        let help = try Shell.run([BuildProducts.peach, "tuner", "--help"], environment: Self.environment(folder).merging(["COLUMNS": "400"]) { $1 })
        let line = help.standardOutput.split(separator: "\n").first { $0.contains("--plain") } ?? ""
        #expect(line.contains("when a note starts and when it comes into or out of tune") && !line.contains("tempo"), "\(line)")
    }
}
