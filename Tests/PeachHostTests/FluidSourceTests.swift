import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachTestSupport
import Testing

/// The FluidSynth source's options, its handling of bad fonts and presets,
/// live program changes, and the font loaded once per process.
@Suite struct FluidSourceTests {
    @Test func offersItsProgramsByGeneralMIDINameAsALiveTimbre() throws {
        let instance = try FluidFixture.instance()
        #expect(instance.options.map(\.key) == ["font", "bank", "program", "gain", "release-ms", "tuning", "reverb", "chorus"])
        let program = try instance.option("program")
        #expect(program.type == .choice && program.timbre && program.live)
        #expect(program.choices.count == 128)
        #expect(program.choices[73].value == "73" && program.choices[73].label == "Flute")
        #expect(program.choices[0].label == "Acoustic Grand Piano" && program.choices[127].label == "Gunshot")
        #expect(try instance.option("bank").live && !(try instance.option("font").live))
        #expect(instance.options.filter(\.timbre).count == 1)
        #expect(try instance.value(of: "reverb") == "false" && (try instance.value(of: "chorus")) == "false")
        #expect(try instance.value(of: "tuning") == "calibrated")
    }

    /// Each bad font is refused in one sentence that names it; FluidSynth never sees the ones that are not SoundFonts.
    @Test func badFontsAreRefusedByName() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try "not a font".write(toFile: directory.file("notes.sf2"), atomically: true, encoding: .utf8)
        var wave = Data("RIFF".utf8) + Data([4, 0, 0, 0]) + Data("WAVE".utf8)
        try wave.write(to: URL(fileURLWithPath: directory.file("sound.sf2")))
        let font = try Data(contentsOf: URL(fileURLWithPath: FluidFixture.timGM6mb))
        try font.prefix(100_000).write(to: URL(fileURLWithPath: directory.file("cut.sf2")))
        // A RIFF sfbk header over garbage, and a font cut short with its length patched to match.
        wave = Data("RIFF".utf8) + Data([8, 0, 0, 0]) + Data("sfbkjunk".utf8)
        try wave.write(to: URL(fileURLWithPath: directory.file("garbage.sf2")))
        var patched = font.prefix(3_000_000)
        patched.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(3_000_000 - 8).littleEndian, Array.init))
        try patched.write(to: URL(fileURLWithPath: directory.file("patched.sf2")))
        let cases: [(font: String, says: String)] = [
            (directory.file("missing.sf2"), "the SoundFont \(directory.file("missing.sf2")) does not exist"),
            (directory.file("notes.sf2"), "\(directory.file("notes.sf2")) is not a SoundFont (.sf2/.sf3): it does not begin with a RIFF 'sfbk' header"),
            (directory.file("sound.sf2"), "\(directory.file("sound.sf2")) is not a SoundFont"),
            (directory.file("cut.sf2"), "the SoundFont \(directory.file("cut.sf2")) is cut short: its header promises \(font.count) bytes, the file has 100000"),
            (directory.path, "\(directory.path) is not a file"),
            (directory.file("garbage.sf2"), "the SoundFont \(directory.file("garbage.sf2")) is damaged: it has no INFO (information) list"),
            (directory.file("patched.sf2"), "the SoundFont \(directory.file("patched.sf2")) is damaged: "),
            ("NoSuchFont.sf2", "no SoundFont named NoSuchFont.sf2 in "),
        ]
        for (font, says) in cases {
            let instance = try FluidFixture.instance(options: ["font": font])
            do {
                try instance.activate(sampleRate: 48000, maxFrames: 256, channels: 2)
                Issue.record("\(font) was accepted")
            } catch {
                #expect(error.words.contains(says), "\(font): \(error.words)")
                #expect(!error.words.contains("\n"), "one line")
            }
            #expect(!instance.isActive)
        }
    }

    /// A source that cannot start leaves the engine playing the one it had.
    @Test func theEngineKeepsItsSourceWhenTheNewOneFails() throws {
        let output = MemoryOutput(capacityFrames: 48_000)
        let engine = try AudioEngine(output: output, source: try FluidFixture.instance(options: ["program": "73"]))
        let bad = try FluidFixture.instance(options: ["font": "/nonexistent/font.sf2"])
        #expect(throws: SourceError.self) { try engine.swapSource(to: bad) }
        #expect(engine.source.descriptor.id == FluidFixture.sourceID && engine.source.isActive)
        try engine.playNote(frequency: 440, velocity: 1, at: 0, durationFrames: 24_000)
        _ = engine.render(through: 48_000)
        try engine.stop()
        #expect(output.samples(channel: 0)[12_000..<24_000].map(abs).max()! > 0.01, "it still plays")
    }

    /// A key whose pitch the calibration cannot measure is never played out of
    /// tune: TimGM6mb's xylophone has died away before the second in which it
    /// would be measured at C7, so the host refuses that note before playing,
    /// from the source's range; a key inside the range with no pitch is
    /// refused by the source itself. A4 still plays. A program with no such key at all (Applause) cannot be
    /// chosen.
    @Test func notesWithNoPitchToCorrectAreRefusedNotPlayed() throws {
        let xylophone = try FluidFixture.instance(options: ["program": "13"])
        let c7 = Pitch.frequency(of: MIDINote(number: 96)!)
        // The host asks the source's range first and refuses the note before it is scheduled.
        let engine = try AudioEngine(output: MemoryOutput(capacityFrames: 256), source: xylophone)
        #expect {
            try engine.playNote(frequency: c7, at: 0, durationFrames: 100)
        } throws: { error in
            guard case .noteOutOfRange(_, _, let highest, _) = error as? EngineError else { return false }
            return highest < c7
        }
        try engine.stop()
        // A key inside the range with no pitch (String Ensemble 1 has none from key 89 to 95, and some above)
        // is the source's own refusal: an error with its reason, and nothing played.
        let strings = try FluidFixture.instance(options: ["program": "48"])
        let output = MemoryOutput(capacityFrames: 48_000)
        let notices = try SourceFixture.render([(Pitch.frequency(of: MIDINote(number: 90)!), 4800, 9600)], with: strings, through: output)
        #expect(notices.contains(.sourceFailed(atFrame: 4608)), "\(notices)")
        #expect(strings.lastError == .said("program 48 has no pitch Peach can measure and correct at MIDI key 90: not played"))
        #expect(output.samples(channel: 0).allSatisfy { $0 == 0 }, "nothing was played")
        #expect(try FluidFixture.render([440], options: ["program": "13"]).map(abs).max()! > 0.01, "A4 plays")

        let applause = try FluidFixture.instance(options: ["program": "126"])
        #expect(throws: SourceError.failed(source: FluidFixture.sourceID, action: "activate",
                                           reason: .said("Applause (program 126) in the SoundFont \(FluidFixture.timGM6mb) has no key with a pitch "
                                               + "Peach can measure and correct: it is silent, unpitched (a drum, a sound effect) or dies away within half a second"))) {
            try applause.activate(sampleRate: 48000, maxFrames: 256, channels: 2)
        }
    }

    /// `peach.note-range/1` follows the program: a pitched one plays every key
    /// (those past A0 and C8 take the nearest measured key's tuning), a
    /// woodblock has no key with a pitch and so no range, with the reason.
    @Test func theNoteRangeFollowsTheProgram() throws {
        let piano = try FluidFixture.instance(options: ["program": "0"])
        let range = try #require(piano.noteRange())
        #expect(abs(range.lowerBound - 440 * pow(2, -69.5 / 12)) < 1e-9 && abs(range.upperBound - 440 * pow(2, 58.5 / 12)) < 1e-6)
        let woodblock = try FluidFixture.instance(options: ["program": "115"])
        #expect(woodblock.noteRange() == nil)
        #expect(woodblock.lastError.words.contains("has no key with a pitch Peach can measure and correct"), "\(woodblock.lastError)")
        let engine = try AudioEngine(output: MemoryOutput(capacityFrames: 256), source: piano)
        #expect(throws: EngineError.noteOutOfRange(frequency: 20_000, lowest: range.lowerBound, highest: range.upperBound, source: FluidFixture.sourceID)) {
            try engine.playNote(frequency: 20_000, at: 0, durationFrames: 100)
        }
        try engine.stop()
    }

    @Test func presetsTheFontLacksAreRefusedAndTheOldOneStays() throws {
        // TimGM6mb has General MIDI (bank 0) and drums (bank 128), nothing in bank 5.
        let inactive = try FluidFixture.instance(options: ["bank": "5", "program": "40"])
        #expect(throws: SourceError.failed(source: FluidFixture.sourceID, action: "activate",
                                           reason: .said("the SoundFont \(FluidFixture.timGM6mb) has no preset at bank 5, program 40"))) {
            try inactive.activate(sampleRate: 48000, maxFrames: 256, channels: 2)
        }
        let active = try FluidFixture.instance(options: ["program": "73"])
        try active.activate(sampleRate: 48000, maxFrames: 256, channels: 2)
        #expect(throws: SourceOptionError.rejectedBySource(source: FluidFixture.sourceID, key: "bank", value: "5",
                                                           reason: .said("the SoundFont \(FluidFixture.timGM6mb) has no preset at bank 5, program 73"))) {
            try active.set("bank", to: "5")
        }
        #expect(try active.value(of: "bank") == "0" && (try active.value(of: "program")) == "73")
        #expect(throws: SourceOptionError.notLive(source: FluidFixture.sourceID, key: "font")) { try active.set("font", to: "x.sf2") }
        #expect(throws: SourceOptionError.self) { try active.set("program", to: "128") }
        active.deactivate()
    }

    /// An option as a person writes it: an instrument by its name in any case,
    /// a switch as on or off; a name the font lacks is refused with the choices.
    @Test func anInstrumentIsNamedAndASwitchSaysOnOrOff() throws {
        let instance = try FluidFixture.instance(options: [:])
        let flute = try #require(instance.option("program").choices.first { $0.label.lowercased().contains("flute") })
        try instance.set("program", to: flute.label.uppercased())
        try instance.set("reverb", to: "on")
        #expect(try instance.value(of: "program") == flute.value && instance.value(of: "reverb") == "true")
        try instance.set("reverb", to: "No")
        #expect(try instance.value(of: "reverb") == "false")
        #expect(throws: SourceOptionError.notAChoice(key: "program", value: "Kazoo", choices: (0...127).map(String.init))) {
            try instance.set("program", to: "Kazoo")
        }
        // A part of several names names none alone: they are offered (it said "the whole numbers 0 to 127").
        let violins = try instance.option("program").choices.filter { $0.label.lowercased().contains("viol") }.map(\.label)
        #expect(violins.count >= 2)
        #expect(throws: SourceOptionError.notAChoice(key: "program", value: "viol", choices: (0...127).map(String.init), close: violins)) {
            try instance.set("program", to: "viol")
        }
        #expect(throws: SourceOptionError.wrongType(key: "reverb", value: "maybe", expected: .bool)) { try instance.set("reverb", to: "maybe") }
    }

    /// The host changes the instrument between pairs without a new instance:
    /// the next pair plays the new program. A change that lands between the
    /// two notes of a pair waits for the next pair: a pair is never split.
    @Test func aLiveProgramChangeTakesEffectAtTheNextPair() throws {
        let output = MemoryOutput(capacityFrames: 200_000)
        let options = ["program": "73", "release-ms": "50"]  // short tails: each note is heard alone
        let source = try FluidFixture.instance(options: options)
        let engine = try AudioEngine(output: output, source: source)
        try engine.playNote(frequency: 440, velocity: 1, at: 0, durationFrames: 24_000)
        _ = engine.render(through: 12_000)
        try source.set("program", to: "80")  // during the pair's first note
        try engine.playNote(frequency: 440, velocity: 1, at: 24_000, durationFrames: 24_000)
        _ = engine.render(through: 100_000)  // the pair has faded: the next one starts
        try engine.playNote(frequency: 440, velocity: 1, at: 100_000, durationFrames: 24_000)
        _ = engine.render(through: 150_000)
        try engine.stop()
        let changed = output.samples(channel: 0)
        // Compared by spectrum: FluidSynth's first note on a synth may differ a little from later ones.
        let spectrum = { (samples: ArraySlice<Float>) in SpectralShift.Spectrum(samples, sampleRate: 48000) }
        let square = spectrum(try FluidFixture.render([440], options: ["program": "80"])[6000..<24_000])
        let flute = spectrum(try FluidFixture.render([440], options: ["program": "73"])[6000..<24_000])
        let first = spectrum(changed[6000..<24_000]), second = spectrum(changed[30_000..<48_000]), next = spectrum(changed[106_000..<124_000])
        #expect(first.similarity(to: flute) > 0.99 && second.similarity(to: flute) > 0.99 && next.similarity(to: square) > 0.99,
                "pair \(first.similarity(to: flute)), \(second.similarity(to: flute)); next \(next.similarity(to: square))")
        #expect(next.similarity(to: flute) < 0.9 && second.similarity(to: square) < 0.9,
                "the two programs really differ: \(next.similarity(to: flute)), \(second.similarity(to: square))")
    }

    /// Loaded once per process: a second instance of the same font (a swap,
    /// a program change) does not read the file again. Proved by spoiling the
    /// file after the first load while keeping its size and time: the second
    /// instance still plays.
    @Test func aFontIsLoadedOncePerProcess() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("Copy.sf2")
        try FileManager.default.copyItem(atPath: FluidFixture.timGM6mb, toPath: path)
        let modified = Date(timeIntervalSince1970: 1_700_000_000)  // whole seconds: Date cannot restore a time to the nanosecond
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        let first = try FluidFixture.instance(options: ["font": path, "tuning": "font"])
        try first.activate(sampleRate: 48000, maxFrames: 256, channels: 2)
        var spoilt = try Data(contentsOf: URL(fileURLWithPath: path))
        spoilt.replaceSubrange(12..., with: [UInt8](repeating: 0x55, count: spoilt.count - 12))  // the RIFF header stays: it is checked each time
        try spoilt.write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: path)
        let second = try FluidFixture.instance(options: ["font": path, "tuning": "font", "program": "19"])
        try second.activate(sampleRate: 44100, maxFrames: 512, channels: 1)
        first.deactivate()
        second.deactivate()
        // A file that really changed (a new time) is read afresh: FluidSynth finds it spoilt.
        try FileManager.default.setAttributes([.modificationDate: modified.addingTimeInterval(10)], ofItemAtPath: path)
        #expect(throws: SourceError.self) { try FluidFixture.instance(options: ["font": path]).activate(sampleRate: 48000, maxFrames: 256, channels: 2) }
    }

    /// Release builds export only what is public: the entry, and nothing of
    /// FluidSynth's helpers or the shared pitch meter.
    @Test func releaseBuildExportsOnlyItsEntryAndPlaysInTune() throws {
        let library = BuildProducts.releaseFluidPlugin
        try #require(FileManager.default.fileExists(atPath: library), "build it first: `make test` runs `swift build -c release --product PeachFluidSource`")
        let symbols = try Shell.run(["nm", "-D", "--defined-only", library]).standardOutput.split(separator: "\n").map { $0.split(separator: " ").last! }
        #expect(symbols.filter { !["__bss_start", "_edata", "_end"].contains($0) } == ["peach_source_entry_v1"])
        let frequency = 440 * pow(2, 0.3 / 1200)
        let samples = try FluidFixture.render([frequency], options: ["program": "16"], library: library)
        let measured = try #require(PitchMeter.measure(samples[24_000..<72_000], sampleRate: 48000, near: frequency))
        #expect(abs(Pitch.cents(from: frequency, to: measured.frequency)) < 0.1)
    }

    /// Gain scales the sound (to nothing at 0: an error). Reverb rings on after the instrument's own
    /// release (the drawbar organ's lasts a quarter of a second), up to the
    /// longest release allowed, and the source still falls silent.
    @Test func gainAndReverbChangeTheSoundAsTheySay() throws {
        let normal = try FluidFixture.render([440], options: ["program": "16", "release-ms": "3000"])
        let double = try FluidFixture.render([440], options: ["program": "16", "release-ms": "3000", "gain": "2"])
        let peak = normal[0..<72_000].map(abs).max()!
        #expect(abs(double[0..<72_000].map(abs).max()! / peak - 2) < 1e-3)
        // Gain 0 plays nothing: a note nobody hears, which the engine reports rather than plays.
        let silent = #expect(throws: FluidFixture.RenderFailure.self) { try FluidFixture.render([440], options: ["program": "16", "gain": "0"]) }
        #expect(silent?.notices == [.sourceSilent(frequency: 440, noteFrame: 0, milliseconds: 100)])
        let reverb = try FluidFixture.render([440], options: ["program": "16", "release-ms": "3000", "reverb": "true"])
        let after = (72_000 + 24_000)..<(72_000 + 48_000)  // half a second to a second after the release
        let dry = normal.count > after.lowerBound ? normal[after.clamped(to: 0..<normal.count)].map(abs).max() ?? 0 : 0
        let wet = reverb[after].map(abs).max()!
        #expect(dry == 0 && wet > peak * 1e-3, "the reverb rings on after the organ's release: dry \(dry), wet \(wet)")
        #expect(reverb.suffix(100).allSatisfy { abs($0) < peak * 1e-4 }, "and dies away")
    }

    /// Two channels get FluidSynth's stereo, more get silence beyond the
    /// second; at 44.1 kHz the pitch is as right as at 48 kHz.
    @Test func rendersStereoAndAtOtherSampleRates() throws {
        let format = AudioFormat(sampleRate: 44100, channels: 4, blockFrames: 512)
        let output = MemoryOutput(format: format, capacityFrames: 120_000)
        let frequency = 440 * pow(2, 0.3 / 1200)
        try SourceFixture.render([(frequency, 0, 66_150)], with: try FluidFixture.instance(options: ["program": "16"]), through: output)
        let left = output.samples(channel: 0), right = output.samples(channel: 1)
        #expect(left[0..<66_150].map(abs).max()! > 0.01 && right[0..<66_150].map(abs).max()! > 0.01)
        #expect(output.samples(channel: 2).allSatisfy { $0 == 0 } && output.samples(channel: 3).allSatisfy { $0 == 0 })
        let measured = try #require(PitchMeter.measure(left[22_050..<66_150], sampleRate: 44100, near: frequency))
        #expect(abs(Pitch.cents(from: frequency, to: measured.frequency)) < 0.1, "\(measured.frequency)")
    }
}
