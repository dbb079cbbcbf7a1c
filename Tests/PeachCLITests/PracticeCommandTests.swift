import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachTestSupport
import Testing

/// `peach metronome` and `peach drone` as scripts use them: rendered to a
/// file and to JSON, the sound measured; and what bad input is told.
@Suite struct PracticeCommandTests {
    static func peach(_ arguments: [String], folder: TemporaryDirectory) throws -> Shell.Output {
        try Shell.run([BuildProducts.peach] + arguments, environment: [
            "XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache",
        ])
    }

    /// A source that writes a one-sample impulse of each note's velocity on its frame: where each click lands, to the sample.
    static func impulses(in folder: TemporaryDirectory) throws -> [String] {
        try CPlugin.build(BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/abi11_source.c", named: "impulses", in: folder.path,
                          defines: ["IMPULSES"])
        return ["--source", "org.peach.test.abi11", "--plugin-path", folder.path]
    }

    struct Report: Decodable {
        struct Click: Decodable { var frame: Int64; var beat: Int; var part: Int; var level: Int; var silencedBy: String? }
        var clicks: [Click]
        var sampleRate: Double
    }

    /// Two minutes at 317 BPM in sevenths (a beat is no whole number of
    /// frames), with accents and a count-in: every click in the file is on the
    /// frame its JSON names, which is the ideal grid's, at its level's velocity.
    @Test func everyClickInTheFileIsOnItsFrameAtItsLevel() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let source = try Self.impulses(in: folder)
        let setup = ["metronome", "317", "--beats", "4", "--subdivision", "7", "--accents", "X.-x", "--count-in", "1", "--seconds", "120"]
        let rendered = try Self.peach(setup + ["--wav", folder.file("clicks.wav")] + source, folder: folder)
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let json = try Self.peach(setup + ["--json"] + source, folder: folder)
        #expect(json.status == 0, "\(json.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: Data(json.standardOutput.utf8))
        let wav = try WavFile.read(path: folder.file("clicks.wav"))
        let heard = wav.samples[0].indices.filter { abs(wav.samples[0][$0]) > 0.1 }.map(Int64.init)
        let sounding = report.clicks.filter { $0.level > 0 && $0.silencedBy == nil }
        #expect(heard == sounding.map(\.frame), "first differences: \(zip(heard, sounding.map(\.frame)).filter { $0 != $1 }.prefix(5))")
        // The grid: 4 count-in beats at 317 BPM, then click k of the music at round(k · 60 · 48000 / (317 · 7)).
        let beat = 60 * 48000.0 / 317
        let countIn = (0..<4).map { Int64((Double($0) * beat).rounded()) }
        let music = report.clicks.dropFirst(4).indices.map { index in
            Int64(((Double(4 * 7) + Double(index - 4)) * beat / 7).rounded())
        }
        #expect(report.clicks.map(\.frame) == countIn + music)
        #expect(report.clicks.count == 4 + Int((120 * 48000 - Double(countIn.last!) - beat) / (beat / 7)) + 1)
        // Levels as velocities: strong 1, normal 0.8, weak 0.5, subdivisions 0.35; the silent beat is not heard.
        for click in sounding.prefix(200) {
            let expected = click.part > 0 ? 0.35 : [0, 0.5, 0.8, 1][click.level]
            #expect(abs(wav.samples[0][Int(click.frame)] - expected) < 0.001, "click at \(click.frame)")
        }
        #expect(report.clicks.contains { $0.level == 0 && $0.part == 0 })
    }

    /// The drone file sounds the asked tones: B♭2 at A4 = 442 Hz and 3.5 cents up, with a pure fifth and the octave.
    /// Beats dropped at random are other beats each run, so a player does
    /// not learn where the gaps fall (a fixed seed of 1 dropped the same ones
    /// every session); the seed a run drew is in its JSON, and given back with
    /// `--seed` it drops the same beats, in the file as in the JSON.
    @Test func droppedBeatsDifferEachRunUnlessASeedIsGiven() throws {
        struct Seeded: Decodable {
            struct Setup: Decodable { var seed: UInt64 }
            var setup: Setup
            var clicks: [Report.Click]
        }
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let source = try Self.impulses(in: folder)
        let setup = ["metronome", "100", "--drop", "30", "--bars", "20"]
        func run(_ extra: [String]) throws -> Seeded {
            let result = try Self.peach(setup + ["--json"] + extra, folder: folder)
            #expect(result.status == 0, "\(result.standardError)")
            return try JSONDecoder().decode(Seeded.self, from: Data(result.standardOutput.utf8))
        }
        func dropped(_ run: Seeded) -> [Int] { run.clicks.indices.filter { run.clicks[$0].silencedBy == "silentBeat" } }
        let first = try run([]), second = try run([])
        #expect(first.setup.seed != second.setup.seed)
        #expect(dropped(first) != dropped(second), "80 beats at 30%: the same gaps twice")
        #expect((10...40).contains(dropped(first).count))
        let again = try run(["--seed", "\(first.setup.seed)"])
        #expect(again.setup.seed == first.setup.seed && dropped(again) == dropped(first))
        let rendered = try Self.peach(setup + ["--seed", "\(first.setup.seed)", "--wav", folder.file("dropped.wav")] + source, folder: folder)
        #expect(rendered.status == 0, "\(rendered.standardError)")
        let samples = try WavFile.read(path: folder.file("dropped.wav")).samples[0]
        let heard = samples.indices.filter { abs(samples[$0]) > 0.1 }.map(Int64.init)
        #expect(heard == first.clicks.filter { $0.silencedBy == nil }.map(\.frame))
        // A preset keeps a seed only when one was given.
        #expect(try Self.peach(setup + ["--save", "gaps", "--json"], folder: folder).status == 0)
        #expect(try Self.peach(setup + ["--seed", "5", "--save", "fixed", "--json"], folder: folder).status == 0)
        let presets = try Self.peach(["metronome", "--presets"], folder: folder).standardOutput
        #expect(presets.contains("--drop 30 --click") && presets.contains("--drop 30 --seed 5 --click"), "\(presets)")
    }

    /// `--silent` shows every beat and sounds none, the count-in too; its
    /// JSON says so of each click, as it does of muted bars.
    @Test func aSilentMetronomeSaysEveryClickIsSilenced() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let source = try Self.impulses(in: folder)
        let setup = ["metronome", "100", "--count-in", "1", "--silent", "--bars", "1"]
        let json = try Self.peach(setup + ["--json"] + source, folder: folder)
        #expect(json.status == 0, "\(json.standardError)")
        let report = try JSONDecoder().decode(Report.self, from: Data(json.standardOutput.utf8))
        #expect(report.clicks.count == 8 && report.clicks.allSatisfy { $0.silencedBy == "silentMetronome" })
        #expect(try Self.peach(setup + ["--wav", folder.file("silent.wav")] + source, folder: folder).status == 0)
        #expect(try WavFile.read(path: folder.file("silent.wav")).samples[0].allSatisfy { $0 == 0 })
    }

    @Test func theDroneFileSoundsItsTonesWithinAHundredthOfACent() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Self.peach(["drone", "Bb2", "--cents", "3.5", "--fifth", "--octave", "--reference", "442", "--seconds", "3",
                                     "--wav", folder.file("drone.wav"), "--json"], folder: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let root = 442 * pow(2, (46 - 69 + 0.035) / 12)
        let wav = try WavFile.read(path: folder.file("drone.wav"))
        let steady = wav.samples[0][9_600..<134_400]
        for frequency in [root, root * 1.5, root * 2] {
            let measured = FrequencyMeter.frequency(of: steady, sampleRate: wav.sampleRate, near: frequency)
            #expect(abs(FrequencyMeter.cents(measured, from: frequency)) < 0.01, "asked \(frequency) Hz, measured \(measured) Hz")
        }
        #expect(result.standardOutput.contains("\"fifthCents\" : 701.955"))
        #expect(wav.samples[0].suffix(100).allSatisfy { $0 == 0 }, "the drone fades out before the file ends")
    }

    /// A SoundFont drone within a tenth of a cent, the source's calibration
    /// doing for a drone what it does for a pair: the flute with its just
    /// fifth, each tone's fundamental; the church organ, whose ranks are
    /// tuned apart (its fundamental 1.4 cents above its second partial), by
    /// the pitch of the whole tone, as the calibration hears it.
    /// A reader that closes its pipe early (`| head -c 4`) ends the render
    /// with the reason: the offline renders once spun on, rendering nothing,
    /// waiting for a tail that could never come.
    @Test(arguments: [["metronome", "--bars", "8"], ["drone", "A", "--seconds", "8"], ["metronome", "--bars", "8", "--drone", "D"]])
    func aPipeClosedEarlyEndsTheRender(arguments: [String]) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let command = ([BuildProducts.peach] + arguments + ["--wav", "-"]).map { "'\($0)'" }.joined(separator: " ")
        // `timeout` turns a hang into a failure here rather than a stuck suite.
        let result = try Shell.run(["sh", "-c", "timeout 60 \(command) 2> '\(folder.file("err"))' | head -c 4; echo; cat '\(folder.file("err"))'"],
                                   environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("data")])
        // Said as a reader gone, not a device lost: it is a pipe.
        #expect(result.standardOutput == "RIFF\nError: what read the sound stopped reading it (Broken pipe)\n", "\(arguments): \(result)")
    }

    @Test(arguments: [(73, true), (19, false)])
    func aSoundFontDroneSoundsItsTonesWithinATenthOfACent(program: Int, fifth: Bool) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Self.peach(["drone", "D3", "--seconds", "3", "--wav", folder.file("drone.wav"), "--source", FluidFixture.sourceID,
                                     "--option", "font=\(FluidFixture.timGM6mb)", "--option", "program=\(program)"] + (fifth ? ["--fifth"] : []),
                                    folder: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let wav = try WavFile.read(path: folder.file("drone.wav"))
        let steady = wav.samples[0][24_000..<120_000]
        let root = 440 * pow(2, (50 - 69) / 12.0)
        for frequency in fifth ? [root, root * 1.5] : [root] {
            let measured = fifth ? FrequencyMeter.frequency(of: steady, sampleRate: wav.sampleRate, near: frequency)
                : try #require(PitchMeter.measure(ArraySlice(steady.map(Float.init)), sampleRate: wav.sampleRate, near: frequency)).frequency
            #expect(abs(FrequencyMeter.cents(measured, from: frequency)) < 0.1, "program \(program): asked \(frequency) Hz, measured \(measured) Hz")
        }
    }

    @Test(arguments: [
        (["metronome", "500"], "a tempo of 500 BPM is outside 20 to 400"),
        (["metronome", "500 BPM"], "a tempo of 500 BPM is outside 20 to 400"),
        (["drone", "A", "--metronome", "5bpm", "--seconds", "1", "--json"], "a tempo of 5 BPM is outside 20 to 400"),
        (["metronome", "fast"], "The value 'fast' is invalid for '<bpm>'"),
        (["metronome", "--beats", "0"], "0 beats in a bar is outside 1 to 16"),
        (["metronome", "--subdivision", "9"], "a subdivision of 9 is outside 1 to 8"),
        // A negative number is the option's value, told by its range, not a missing value.
        (["metronome", "--subdivision", "-2"], "a subdivision of -2 is outside 1 to 8"),
        (["metronome", "--count-in", "-1"], "a count-in of -1 bars is outside 0 to 16"),
        (["metronome", "--beats", "7", "--group", "2+2"], "the grouping 2+2 adds up to 4 beats, but a bar has 7"),
        (["metronome", "--group", "2+x"], "'2+x' is not a grouping"),
        (["metronome", "--accents", "Xx"], "the accents 'Xx' give 2 beats, but a bar has 4"),
        (["metronome", "--trainer", "80-500/4"], "a tempo of 500 BPM is outside 20 to 400"),
        (["metronome", "--trainer", "fast"], "'fast' is not a tempo trainer"),
        (["metronome", "--mute", "3"], "'3' is not a muted-bars pattern"),
        (["metronome", "--click", "cowbell"], "'cowbell' is not a click sound: choose woodblock, beep, tick"),
        (["metronome", "--drop", "95"], "dropping 95% of beats is outside 0 to 90"),
        (["metronome", "--click", "128/1"], "'128/1' is not a click sound"),
        (["metronome", "--click", "34/33/35"], "'34/33/35' is not a click sound"),
        (["metronome", "--sample", "a.wav", "--source", "org.peach.sine"], "--sample chooses the click's source"),
        (["metronome", "--accent-sample", "a.wav"], "--accent-sample goes with --sample"),
        (["metronome", "--json"], "rendering to JSON needs its length: add --bars N or --seconds S"),
        // Each names the lengths its tool takes, and not a fix already given (--wav) or one it refuses (the drone's --bars).
        (["drone", "A", "--json"], "rendering to JSON needs its length: add --seconds S\n"),
        (["metronome", "--bars", "2", "--seconds", "3", "--json"], "give --bars or --seconds, not both"),
        (["metronome", "--bars", "2"], "--bars goes with --wav or --json"),
        (["metronome", "--seconds", "2"], "--seconds goes with --wav or --json"),
        (["drone", "A", "--bars", "2", "--json"], "the drone has no bars: give its length with --seconds"),
        (["drone", "H2"], "'H2' is not a note"),
        (["drone", "A", "--cents", "150"], "150 cents is outside -100 to 100"),
        (["drone", "A", "--tuning", "mean"], "'mean' is not a tuning"),
        (["drone", "A", "--timbre", "brass"], "'brass' is not a drone sound"),
        (["drone", "A", "--reference", "500"], "500"),
        // A tempo beside the trainer: the clicks would follow the trainer while the setup said the tempo.
        (["metronome", "150", "--trainer", "80-120/1+10", "--bars", "2", "--json"], "give a tempo or --trainer, not both"),
        (["drone", "A", "--timbre", "organ", "--source", "sine"], "choose either --timbre (the drone's own sine) or --source, not both"),
        // Kit pieces by key need a kit: the built-in clicks failed at render on a note they had not ("2489.02 Hz is outside").
        (["metronome", "--click", "37/42", "--bars", "1", "--json"], "--click 37/42 names kit pieces by key, which a kit plays: add --source fluid-drums"),
        (["metronome", "--click", "99", "--bars", "1", "--json"], "--click 99 names kit pieces by key"),
    ])
    func badInputIsToldWhatIsWrong(arguments: [String], expected: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Self.peach(arguments, folder: folder)
        #expect(result.status == 64, "\(arguments): status \(result.status)")
        #expect(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
    }

    /// Without a terminal a live tool says how a script renders, naming the
    /// lengths it takes and not a fix already given (it said "render with
    /// --wav FILE" to a command with --wav, "--bars" to the drone), before
    /// any file is made. Not a usage error: the command is right in a terminal.
    @Test(arguments: [
        (["metronome", "100"], "playing live needs a terminal; for a script, render with --wav FILE or --json and --bars N or --seconds S\n"),
        (["drone", "A"], "playing live needs a terminal; for a script, render with --wav FILE or --json and --seconds S\n"),
        (["metronome", "100", "--wav", "live.wav"], "without a length --wav records what plays live, which needs a terminal; for a script, add --bars N or --seconds S\n"),
        (["drone", "A", "--wav", "live.wav"], "without a length --wav records what plays live, which needs a terminal; for a script, add --seconds S\n"),
    ])
    func withoutATerminalALiveToolSaysHowAScriptRenders(arguments: [String], expected: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Self.peach(arguments.map { $0 == "live.wav" ? folder.file("live.wav") : $0 }, folder: folder)
        #expect(result.status == 1 && result.standardError == "Error: " + expected, "\(arguments): \(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("live.wav")))
    }

    /// `--option` changes the drone's own sine too (it was ignored without
    /// `--source`): gain 0.1 is a fifth of the drone's own 0.5, measured, and an
    /// option the sine does not have is an error.
    @Test func theDronesOwnSoundTakesOptions() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        var peaks: [Double] = []
        for (name, options) in [("plain.wav", [String]()), ("quiet.wav", ["--option", "gain=0.1"])] {
            let result = try Self.peach(["drone", "A3", "--seconds", "1", "--wav", folder.file(name)] + options, folder: folder)
            #expect(result.status == 0, "\(result.standardError)")
            peaks.append(try WavFile.read(path: folder.file(name)).samples[0][12_000..<36_000].map(abs).max()!)
        }
        #expect(abs(peaks[1] / peaks[0] - 0.2) < 0.01, "\(peaks)")
        let bogus = try Self.peach(["drone", "A3", "--seconds", "1", "--json", "--option", "bogus=1"], folder: folder)
        #expect(bogus.status != 0 && bogus.standardError.contains("has no option 'bogus'"), "\(bogus)")
    }

    /// Each tool's JSON says the other that sounded with it: the drone's the
    /// metronome's clicks (two at 120 BPM in a second, 24,000 frames apart),
    /// the metronome's the drone's note and pitches (both were left out).
    @Test func eachToolsJSONSaysTheOtherThatSounded() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let drone = try Self.peach(["drone", "A", "--metronome", "120", "--seconds", "1", "--json"], folder: folder)
        #expect(drone.status == 0, "\(drone.standardError)")
        let droneReport = try #require(try JSONSerialization.jsonObject(with: Data(drone.standardOutput.utf8)) as? [String: Any])
        let clicks = try #require((droneReport["metronome"] as? [String: Any])?["clicks"] as? [[String: Any]])
        #expect(clicks.compactMap { $0["frame"] as? Int } == [0, 24_000], "\(clicks)")
        #expect(droneReport["note"] as? String == "A3" && droneReport["timbre"] as? String == "pure")
        let metronome = try Self.peach(["metronome", "120", "--drone", "D", "--bars", "1", "--json"], folder: folder)
        #expect(metronome.status == 0, "\(metronome.standardError)")
        let metronomeReport = try #require(try JSONSerialization.jsonObject(with: Data(metronome.standardOutput.utf8)) as? [String: Any])
        let sounding = try #require(metronomeReport["drone"] as? [String: Any])
        #expect(sounding["note"] as? String == "D3" && (sounding["frequencies"] as? [Double])?.first.map { abs($0 - 146.832) < 0.01 } == true, "\(sounding)")
        #expect((metronomeReport["clicks"] as? [Any])?.count == 4)
    }

    /// A drone's note is said as it was written, flats as Peach writes them (`Bb2`), in the JSON of the
    /// drone and of the metronome under it, and in a preset kept; a MIDI number is named with a sharp.
    @Test(arguments: [("Bb2", "Bb2"), ("B♭2", "Bb2"), ("bb2", "Bb2"), ("A#2", "A#2"), ("46", "A#2"), ("Eb", "Eb3")])
    func theDroneKeepsTheSpellingOfItsNote(typed: String, said: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let drone = try Self.peach(["drone", typed, "--seconds", "0.1", "--json", "--save", "low"], folder: folder)
        #expect(drone.status == 0, "\(drone.standardError)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(drone.standardOutput.utf8)) as? [String: Any])
        #expect(report["note"] as? String == said, "\(report)")
        let key = try MIDINote(parsing: said)
        #expect((report["frequencies"] as? [Double])?.first.map { abs($0 - Pitch.frequency(of: key)) < 1e-9 } == true, "\(report)")
        let presets = try Self.peach(["drone", "--presets"], folder: folder)
        #expect(presets.standardOutput.hasPrefix("low  peach drone --preset low  = \(said) "), "\(presets.standardOutput)")
        let recalled = try Self.peach(["drone", "--preset", "low", "--seconds", "0.1", "--json"], folder: folder)
        #expect((try JSONSerialization.jsonObject(with: Data(recalled.standardOutput.utf8)) as? [String: Any])?["note"] as? String == said)
        let metronome = try Self.peach(["metronome", "120", "--drone", typed, "--bars", "1", "--json"], folder: folder)
        #expect(metronome.status == 0, "\(metronome.standardError)")
        let under = try #require(try JSONSerialization.jsonObject(with: Data(metronome.standardOutput.utf8)) as? [String: Any])
        #expect((under["drone"] as? [String: Any])?["note"] as? String == said, "\(under)")
    }

    /// A tempo may carry its unit, as a metronome shows it (`120bpm`, `96 BPM`).
    @Test(arguments: ["120bpm", "120 BPM", "120"])
    func aTempoMayCarryItsUnit(typed: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Self.peach(["metronome", typed, "--bars", "1", "--json"], folder: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("\"bpm\" : 120,"), "\(result.standardOutput)")
    }

    /// A sound file of the user's clicks (the Sample source), its accent file on
    /// the accent keys the click sends: `woodblock`'s 76 on beat one, never a kit
    /// piece chosen by key (`37/42`). Each starts on its click's exact frame.
    @Test(arguments: [("woodblock", true), ("37/42", false)])
    func aSampleClicksOnEveryBeatWithItsAccentFileOnAccentKeys(click: String, accents: Bool) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        // Unlike in sign, so which file played each click is plain in the output.
        try SampleFixture.write([[Float](repeating: 0.5, count: 200)], sampleRate: 48_000, to: folder.file("normal.wav"))
        try SampleFixture.write([[Float](repeating: -0.5, count: 200)], sampleRate: 48_000, to: folder.file("accent.wav"))
        let out = folder.file("out.wav")
        let result = try Self.peach(["metronome", "120", "--beats", "4", "--bars", "2", "--click", click, "--sample", folder.file("normal.wav"),
                                     "--accent-sample", folder.file("accent.wav"), "--wav", out], folder: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let samples = try WavFile.read(path: out).samples[0]
        for beat in 0..<8 {
            let frame = beat * 24_000  // 120 BPM at 48 kHz
            #expect(frame == 0 || samples[frame - 1] == 0, "sound before beat \(beat)")
            let accent = accents && beat % 4 == 0
            #expect(accent ? samples[frame] < -0.2 : samples[frame] > 0.2, "beat \(beat): \(samples[frame])")
        }
    }

    /// `--option gain` reaches the sample as it reaches the clicks (it was
    /// dropped: the same peaks with and without it): a fifth of the gain, a fifth of the level.
    @Test func theSamplesGainIsTakenFromOption() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try SampleFixture.write([[Float](repeating: 0.5, count: 200)], sampleRate: 48_000, to: folder.file("normal.wav"))
        var levels: [Double] = []
        for gain in ["1", "0.2"] {
            let out = folder.file("gain-\(gain).wav")
            let result = try Self.peach(["metronome", "120", "--bars", "1", "--sample", folder.file("normal.wav"), "--option", "gain=\(gain)",
                                         "--wav", out], folder: folder)
            #expect(result.status == 0, "\(result.standardError)")
            levels.append(try WavFile.read(path: out).samples[0][24_000])  // beat two, no accent
        }
        #expect(levels[0] > 0.2 && abs(levels[1] / levels[0] - 0.2) < 1e-4, "\(levels)")
    }

    /// A SoundFont kit's woodblocks as the metronome: each hit starts on its
    /// beat's frame (silence just before, the hit just after), the accent on
    /// beat one is the high block.
    @Test func aSoundFontKitClicksOnEveryBeat() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        // The source by its id's last word, as examples write it.
        let result = try Self.peach(["metronome", "120", "--beats", "4", "--bars", "2", "--wav", folder.file("kit.wav"), "--source", "fluid-drums",
                                     "--option", "font=\(FluidFixture.timGM6mb)"], folder: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let samples = try WavFile.read(path: folder.file("kit.wav")).samples[0]
        for beat in 0..<8 {
            let frame = beat * 24_000
            let before = samples[max(0, frame - 240)..<frame].map(abs).max() ?? 0
            let after = samples[frame..<(frame + 240)].map(abs).max()!
            #expect(before < 1e-4 && after > 0.05, "beat \(beat): \(before) before its frame, \(after) after")
            #expect(samples[frame] == 0 || frame == 0, "FluidSynth's envelope opens from zero on the frame itself")
        }
    }

    /// A click the source will not play (the built-in clicks have no cowbell)
    /// ends the run with the source's reason, before the first bar is out.
    @Test func aClickTheSourceRefusesEndsTheRunWithItsReason() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        // The built-in clicks named as the source: without it, a key is refused before the run as needing a kit.
        let result = try Self.peach(["metronome", "100", "--click", "56", "--source", "click", "--bars", "2", "--wav", folder.file("out.wav")], folder: folder)
        #expect(result.status == 1)
        #expect(result.standardError.contains("the sound source will not play the note at 207.65 Hz (MIDI key 56): MIDI key 56 has no click"),
                "\(result.standardError)")
        #expect(try WavFile.read(path: folder.file("out.wav")).frameCount < 8 * 28_800, "what was rendered, less than two bars")
    }
}
