import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachTestSupport
import Testing

/// `peach play`, run as a user runs it.
@Suite struct PlayCommandTests {
    @Test func writesTheNotesInTuneAndBackToBackToAWavFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("play.wav")
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "C#3", "Bb2", "60", "--cents", "2.5", "--duration", "0.25", "--wav", path])
        #expect(result.status == 0, "\(result.standardError)")
        let wav = try WavFile.read(path: path)
        #expect(wav.sampleRate == 48000)
        // Four notes of 12000 frames with no gap, then a short release tail.
        #expect(wav.frameCount >= 48000 && wav.frameCount < 48000 + 4800, "\(wav.frameCount) frames")
        for (index, note) in ["A4", "C#3", "Bb2", "C4"].enumerated() {
            let expected = Pitch.frequency(of: try MIDINote(parsing: note), cents: 2.5)
            let segment = wav.samples[0][(index * 12000 + 960)..<(index * 12000 + 11040)]
            let measured = FrequencyMeter.frequency(of: segment, sampleRate: wav.sampleRate)
            #expect(abs(FrequencyMeter.cents(measured, from: expected)) < 0.01, "\(note): \(measured) Hz")
        }
    }

    /// `PEACH_DEBUG` shows a plugin's debug messages when it is on, and 0 (`00`, ` 0`), false, no or nothing turn it off as unset does.
    @Test(arguments: [("1", true), ("yes", true), ("0", false), ("", false), ("false", false), ("No", false), ("off", false), (" 0", false), ("00", false)])
    func peachDebugIsOnlyOnWhenItSaysSo(value: String, shown: Bool) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try CPlugin.build(BuildProducts.packageRoot + "/examples/c-tone-source/tone_source.c", named: "libctone", in: folder.path)
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "--duration", "0.1", "--plugin-path", folder.path, "--source", "org.example.ctone",
                                    "--wav", folder.file("out.wav")], environment: ["PEACH_DEBUG": value])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("C Tone active at 48000 Hz") == shown, "PEACH_DEBUG=\(value): \(result.standardError)")
    }

    /// A name ending in .flac writes FLAC: read back through libsndfile, it is
    /// the WAV render to 24-bit precision, and in tune.
    @Test func aFlacNameWritesFLAC() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let flac = directory.file("a4.FLAC"), wav = directory.file("a4.wav")
        for path in [flac, wav] {
            let result = try Shell.run([BuildProducts.peach, "play", "A4", "--cents", "0.3", "--duration", "0.5", "--wav", path])
            #expect(result.status == 0, "\(result.standardError)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: flac)).prefix(4) == Data("fLaC".utf8))
        let decoded = try SoundFileReader(path: flac).readAll()[0]
        let reference = try WavFile.read(path: wav).samples[0]
        #expect(decoded.count == reference.count)
        #expect(zip(decoded, reference).map { abs(Double($0) - $1) }.max()! <= 1.0 / 8_388_608, "24-bit precision")
        let measured = FrequencyMeter.frequency(of: decoded.map(Double.init)[960..<23_040], sampleRate: 48000)
        #expect(abs(FrequencyMeter.cents(measured, from: Pitch.frequency(of: MIDINote(number: 69)!, cents: 0.3))) < 0.01)
    }

    /// A negative number after a space is the option's value, not a missing one: A4 five cents flat is heard flat.
    @Test func aNegativeNumberAfterASpaceIsTheValue() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("flat.wav")
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "--cents", "-5", "--duration", "0.3", "--wav", path])
        #expect(result.status == 0, "\(result.standardError)")
        let samples = try WavFile.read(path: path).samples[0]
        let measured = FrequencyMeter.frequency(of: samples[960..<13000], sampleRate: 48000)
        #expect(abs(FrequencyMeter.cents(measured, from: 440) + 5) < 0.01, "\(measured) Hz")
    }

    /// Numbers may carry their unit as a display shows it, and a unit that
    /// scales is read so: 300 ms is 14400 frames, 442 Hz five cents flat is heard.
    @Test func numbersMayCarryTheirUnits() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("units.wav")
        // Spaces around a number and its unit are a slip, not another number.
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "--reference", "442Hz", "--cents", "-5 cents", "--duration", "300ms ", "--wav", path])
        #expect(result.status == 0, "\(result.standardError)")
        let samples = try WavFile.read(path: path).samples[0]
        #expect(samples.count >= 14_400 && samples.count < 14_400 + 4800, "\(samples.count) frames")
        let measured = FrequencyMeter.frequency(of: samples[960..<13000], sampleRate: 48000)
        #expect(abs(FrequencyMeter.cents(measured, from: 442) + 5) < 0.01, "\(measured) Hz")
    }

    /// Cents may carry the cent sign Peach prints them with (`5¢` was refused
    /// as no number), wherever cents are taken: `play --cents`, the drone's, the tuner's tolerance.
    @Test(arguments: ["5¢", "5 ¢", "+5¢"])
    func centsTakeTheCentSign(typed: String) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("cents.wav")
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "--cents", typed, "--duration", "0.3", "--wav", path])
        #expect(result.status == 0, "\(result.standardError)")
        let measured = FrequencyMeter.frequency(of: try WavFile.read(path: path).samples[0][960..<13000], sampleRate: 48000)
        #expect(abs(FrequencyMeter.cents(measured, from: 440) - 5) < 0.01, "\(measured) Hz")
        let drone = try Shell.run([BuildProducts.peach, "drone", "A4", "--cents", "-" + typed.drop { $0 == "+" }, "--seconds", "0.1", "--json"])
        #expect(drone.status == 0 && drone.standardOutput.contains("\"cents\" : -5"), "\(drone)")
        let tolerance = try Shell.run([BuildProducts.peach, "tuner", "--tolerance", typed, "--input", path, "--json"])
        #expect(tolerance.status == 0, "\(tolerance.standardError)")
        // The sign is among the units a wrong value is told of.
        let wrong = try Shell.run([BuildProducts.peach, "play", "A4", "--cents", "5c", "--wav", "/dev/null"])
        #expect(wrong.standardError.contains("expected a number, alone or with its unit (cents, cent, ct, ¢)"), "\(wrong.standardError)")
    }

    @Test func referenceAndOptionsChangeTheSound() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("ref.wav")
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "--reference", "415", "--duration", "0.3",
                                    "--option", "gain=0.2", "--source", "org.peach.sine", "--wav", path])
        #expect(result.status == 0, "\(result.standardError)")
        let samples = try WavFile.read(path: path).samples[0]
        #expect(abs(FrequencyMeter.frequency(of: samples[960..<13000], sampleRate: 48000) - 415) < 0.001)
        #expect(abs(samples.map(abs).max()! - 0.2 * 0.8) < 0.005, "gain 0.2 at the default velocity 0.8")
    }

    /// A note the engine refuses ends the render before anything plays, and
    /// leaves no file: a header-only WAV was left, and running the command
    /// again was refused as "already exists".
    @Test func aRenderThatPlaysNothingLeavesNoFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let environment = ["XDG_CONFIG_HOME": directory.path + "/config", "XDG_DATA_HOME": directory.path + "/data"]
        for _ in 0..<2 {
            let result = try Shell.run([BuildProducts.peach, "play", "G9", "--cents", "1200", "--wav", directory.file("high.wav")], environment: environment)
            #expect(result.status == 1 && result.standardError.contains("is outside") && !result.standardError.contains("exists"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: directory.file("high.wav")))
        }
    }

    /// `play` plays the sound the settings name with its saved options, as
    /// `--source`'s help says (it played the sine at its own gain whatever
    /// was saved); `--source` still wins, and a saved sound that cannot play
    /// gives way to the sine with a warning, as it does in training.
    @Test func playsTheSoundTheSettingsNameWithItsOptions() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let plugins = directory.file("plugins")
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try CPlugin.build(BuildProducts.packageRoot + "/examples/c-tone-source/tone_source.c", named: "libctone", in: plugins)
        let environment = ["XDG_CONFIG_HOME": directory.path + "/config", "XDG_DATA_HOME": directory.path + "/data", "PEACH_DEBUG": "1"]
        func peach(_ arguments: [String]) throws -> Shell.Output {
            let result = try Shell.run([BuildProducts.peach] + arguments + ["--plugin-path", plugins], environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            return result
        }
        func peak(_ arguments: [String]) throws -> Double {
            let path = directory.file("\(UUID()).wav")
            _ = try peach(["play", "A4", "--duration", "0.3", "--wav", path] + arguments)
            return try WavFile.read(path: path).samples[0].map(abs).max()!
        }
        _ = try peach(["settings", "set", "option", "gain=0.2"])
        #expect(abs(try peak([]) - 0.2 * 0.8) < 0.005, "the saved gain 0.2 at the default velocity 0.8")
        #expect(abs(try peak(["--option", "gain=0.4"]) - 0.4 * 0.8) < 0.005, "an option given wins over the saved one")
        _ = try peach(["settings", "set", "source", "org.example.ctone"])
        let tone = try peach(["play", "A4", "--duration", "0.1", "--wav", directory.file("ctone.wav")])
        #expect(tone.standardError.contains("C Tone active"), "\(tone.standardError)")
        let sine = try peach(["play", "A4", "--duration", "0.1", "--source", "sine", "--wav", directory.file("sine.wav")])
        #expect(!sine.standardError.contains("C Tone active"), "\(sine.standardError)")
        // The user's own option mistake is an error, as with --source (the sine stood in for it, status 0).
        let mistyped = try Shell.run([BuildProducts.peach, "play", "A4", "--duration", "0.1", "--option", "shape=square", "--wav", directory.file("typo.wav"),
                                      "--plugin-path", plugins], environment: environment)
        #expect(mistyped.status == 1 && mistyped.standardError.contains("shape") && !mistyped.standardError.contains("using the sine"), "\(mistyped)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("typo.wav")))
        // The saved sound gone (its plugin removed): the sine plays, and why is said.
        let gone = try Shell.run([BuildProducts.peach, "play", "A4", "--duration", "0.3", "--wav", directory.file("gone.wav")], environment: environment)
        #expect(gone.status == 0 && gone.standardError.contains("The saved sound org.example.ctone cannot play"), "\(gone)")
        let measured = FrequencyMeter.frequency(of: try WavFile.read(path: directory.file("gone.wav")).samples[0][960..<13000], sampleRate: 48000)
        #expect(abs(FrequencyMeter.cents(measured, from: 440)) < 0.01)
        // The options given go to the sine standing in; one it has not is said, not dropped.
        let standInGain = try Shell.run([BuildProducts.peach, "play", "A4", "--duration", "0.3", "--option", "gain=0.2", "--wav", directory.file("gain.wav")],
                                        environment: environment)
        #expect(standInGain.status == 0, "\(standInGain)")
        #expect(abs(try WavFile.read(path: directory.file("gain.wav")).samples[0].map(abs).max()! - 0.2 * 0.8) < 0.005)
        let dropped = try Shell.run([BuildProducts.peach, "play", "A4", "--duration", "0.1", "--option", "nonsense=1", "--wav", directory.file("x.wav")],
                                    environment: environment)
        #expect(dropped.status == 1 && dropped.standardError.contains("nonsense"), "\(dropped)")
    }

    /// `play`, the drone and the metronome play through the device the
    /// settings name, as their help says (they tried ALSA's `default` and
    /// failed where there is none): here an ALSA device writing a WAV file.
    @Test func playsThroughTheDeviceTheSettingsName() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let recorded = directory.file("setting.wav"), configuration = directory.file("alsa.conf")
        try "pcm.peachfile {\n type file\n slave.pcm { type null }\n file \"\(recorded)\"\n format \"wav\"\n hint { show on description \"test\" }\n}\n"
            .write(toFile: configuration, atomically: true, encoding: .utf8)
        let environment = ["ALSA_CONFIG_PATH": configuration, "XDG_CONFIG_HOME": directory.path + "/config"]
        let set = try Shell.run([BuildProducts.peach, "settings", "set", "device", "peachfile"], environment: environment)
        #expect(set.status == 0, "\(set.standardError)")
        let result = try Shell.run([BuildProducts.peach, "play", "E4", "--duration", "0.3"], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        let wav = try WavFile.read(path: recorded)
        let measured = FrequencyMeter.frequency(of: wav.samples[0][960..<13000], sampleRate: wav.sampleRate)
        #expect(abs(FrequencyMeter.cents(measured, from: Pitch.frequency(of: MIDINote(number: 64)!))) < 0.01)
    }

    @Test func playsThroughAnAlsaDeviceByName() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("alsa.wav")
        let result = try Shell.run([BuildProducts.peach, "play", "E4", "--duration", "0.3", "--device", "file:FILE=\(path),FORMAT=wav"])
        #expect(result.status == 0, "\(result.standardError)")
        let wav = try WavFile.read(path: path)
        let measured = FrequencyMeter.frequency(of: wav.samples[0][960..<13000], sampleRate: wav.sampleRate)
        #expect(abs(FrequencyMeter.cents(measured, from: Pitch.frequency(of: MIDINote(number: 64)!))) < 0.01)
    }

    @Test(arguments: [
        (["play", "H4"], "'H4' is not a note"),
        (["play", "A4", "--source", "org.example.none"], "no sound source 'org.example.none'; available: org.peach.click, org.peach.fluid, org.peach.fluid-drums, org.peach.sample, org.peach.sine"),
        (["play", "A4", "--option", "volume=1"], "has no option 'volume'; it has: gain, attack-ms, release-ms"),
        (["play", "A4", "--option", "gain=loud"], "option gain: 'loud' is not a number"),
        (["play", "A4", "--option", "gain"], "'gain' is not an option assignment"),
        (["play", "A4", "--wav", "/nonexistent-folder/x.wav"], "cannot write the WAV file /nonexistent-folder/x.wav: No such file or directory"),
        (["play", "A4", "--device", "nosuchdevice"], "no audio device 'nosuchdevice'"),
        (["play", "A4", "--reference", "300", "--wav", "/dev/null"], "--reference 300 is outside 400 to 480 Hz"),
        (["play", "A4", "--duration", "0", "--wav", "/dev/null"], "--duration 0 is outside"),
        (["play", "A4", "--device", "null", "--wav", "/dev/null"], "either --device or --wav"),
        (["play", "A4", "--duration", "-1", "--wav", "/dev/null"], "--duration -1 is outside"),
        (["play", "A4", "--reference", "-440", "--wav", "/dev/null"], "--reference -440 is outside 400 to 480 Hz"),
        (["train", "--headless", "--no-audio", "--pause", "-1"], "--pause: -1 is outside"),
        // An unpitched source plays none of the notes: an error, not a silent file (it exited 0 with a warning).
        (["play", "A4", "C5", "--source", "click", "--wav", "/tmp/peach-never-written.wav"],
         "nothing was played, and nothing written: the sound source would not play the note of 440 Hz: MIDI key 69 has no click; Clicks plays keys 33"),
        (["play", "A4", "--reference", "0.44kHz", "--wav", "/dev/null"], "'0.44kHz' is invalid for '--reference <hz>': expected a number, alone or with its unit (Hz)"),
        (["play", "A4", "--duration", "nan", "--wav", "/dev/null"], "'nan' is invalid for '--duration <seconds>': expected a number, alone or with its unit (ms, min, s)"),
        (["drone", "A", "--cents", "inf", "--seconds", "1", "--wav", "/dev/null"], "'inf' is invalid for '--cents <cents>'"),
        (["train", "--headless", "--no-audio", "--style", "half"], "'half' is invalid for '--style <0-1>': expected a number"),
        // Hexadecimal is no number a musician writes (Swift read 0x1B8 as 440).
        (["play", "A4", "--reference", "0x1B8", "--wav", "/dev/null"], "'0x1B8' is invalid for '--reference <hz>'"),
    ])
    func badInputGetsAClearErrorAndAFailingExit(arguments: [String], message: String) throws {
        let result = try Shell.run([BuildProducts.peach] + arguments)
        #expect(result.status != 0)
        #expect(result.standardError.contains(message), "stderr: \(result.standardError)")
    }

    @Test func aSourceIDOfferedTwiceUsesTheFirstFolderAndWarns() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let copy = directory.file("libSineCopy.so")
        try FileManager.default.copyItem(atPath: BuildProducts.sinePlugin, toPath: copy)
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "--duration", "0.1", "--plugin-path", directory.path,
                                    "--wav", directory.file("dup.wav")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("warning: org.peach.sine in \(PluginPath.canonical(BuildProducts.sinePlugin)!) is ignored: \(copy) provides it first"),
                "\(result.standardError)")
    }

    @Test func noDeviceSaysHowToPickOneOrWriteAWav() throws {
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "--device", "nosuchdevice"])
        #expect(result.status == 1)
        #expect(result.standardError.contains("--device NAME") && result.standardError.contains("--wav FILE"))
        #expect(!result.standardError.contains("ALSA lib"), "alsa-lib's own noise is kept off the terminal")
    }
}
