import Foundation
import PeachMidiOutCore
import PeachPluginAPI
import PeachTestSupport
import Testing

/// What a real synthesizer makes of the bytes: FluidSynth, offline, fed
/// exactly what MIDI Out would send through the sequencer (set-up, then the
/// notes), and the pitch measured in the audio. This checks the meaning of
/// the bytes (RPN 0, 3 and 4, bend, MTS) against an implementation other
/// than this project's. It cannot check the 0.03-cent accuracy: FluidSynth
/// 2.3 rounds every voice's pitch down to a whole cent, and its default
/// pitch-wheel modulator bends 12700/128 cents per semitone of range (0.8%
/// short). So the expected hearing is exactly that: the request (for bends
/// scaled by 12700/12800), rounded down to a whole cent.
@Suite struct FluidSynthHearingTests {
    static let renderer = BuildProducts.packageRoot + "/Tests/MidiOutTests/Fixtures/fluid_render.c"
    static let soundFont = "/usr/share/sounds/sf2/TimGM6mb.sf2"
    /// Ocarina: nearly a sine, steady enough to measure to a hundredth of a cent.
    static let ocarina = 79
    static let noteFrames = 48000

    /// Plays each frequency for one second, one after another, through a
    /// translator with `settings`, and measures each note's middle half second.
    static func measure(_ frequencies: [Double], settings: MidiOutSettings, directory: TemporaryDirectory) throws -> [Double] {
        let program = directory.file("fluid_render")
        let build = try Shell.run(["cc", "-O2", "-o", program, renderer, "-lfluidsynth"])
        try #require(build.status == 0, "\(build.standardError)")
        var translator = NoteTranslator(settings: settings)
        var lines = translator.setupMessages().map { "0 " + hex($0) }
        for (index, frequency) in frequencies.enumerated() {
            let start = index * noteFrames
            _ = translator.noteOn(id: Int32(index), frequency: frequency, velocity: 0.8) { lines.append("\(start) " + hex($0)) }
            translator.noteOff(id: Int32(index), velocity: 0.5) { lines.append("\(start + noteFrames - 2400) " + hex($0)) }
        }
        let raw = directory.file("out.raw")
        let run = try Shell.run([program, soundFont, String(ocarina), String(frequencies.count), raw], input: lines.joined(separator: "\n") + "\n")
        try #require(run.status == 0, "\(run.standardError)")
        let data = try Data(contentsOf: URL(fileURLWithPath: raw))
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)).map(Double.init) }
        return frequencies.indices.map { index in
            FrequencyMeter.frequency(of: samples[(index * noteFrames + 12000)..<(index * noteFrames + 36000)], sampleRate: 48000)
        }
    }

    static func hex(_ message: MIDIMessage) -> String { message.bytes.map { String(format: "%02x", $0) }.joined(separator: " ") }

    static func settings(_ tuning: MidiOutSettings.Tuning, bendRange: Int = 2) -> MidiOutSettings {
        var settings = MidiOutSettings()
        settings.tuning = tuning
        settings.bendRange = bendRange
        return settings
    }

    /// Detunings of A4 and their measured offsets from the untuned A4 (which
    /// carries the sample's own tuning, the same for all).
    static func offsets(_ cents: [Double], settings: MidiOutSettings) throws -> [Double] {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let measured = try measure([440] + cents.map { peach_cents_to_hz(440, $0) }, settings: settings, directory: directory)
        return measured.dropFirst().map { peach_hz_to_cents(measured[0], $0) }
    }

    /// Tuning programs selected with RPN 4 and 3, keys retuned by single-note
    /// tuning changes, one program per channel: each note sounds as asked,
    /// to FluidSynth's whole cent.
    @Test func mtsTuningChangesAreHeardAsAsked() throws {
        let asked = [37.6, -23.3, 12.5, -49.9, 0.3]
        let heard = try Self.offsets(asked, settings: Self.settings(.mts))
        print("FluidSynth, MTS: asked \(asked) cents, heard \(heard.map { ($0 * 100).rounded() / 100 })")
        for (ask, hear) in zip(asked, heard) { #expect(abs(hear - ask.rounded(.down)) < 0.02, "asked \(ask), heard \(hear)") }
    }

    /// The bend range set with RPN 0 is the one FluidSynth bends by: at 12
    /// (not General MIDI's default 2) every bend would otherwise be 6× off.
    @Test(arguments: [2, 12])
    func bendsAreHeardAtTheRangeSetByRPN0(range: Int) throws {
        let asked = [37.6, -23.3, 49.9, -49.9]
        let heard = try Self.offsets(asked, settings: Self.settings(.pitchBend, bendRange: range))
        print("FluidSynth, bend ±\(range): asked \(asked) cents, heard \(heard.map { ($0 * 100).rounded() / 100 })")
        for (ask, hear) in zip(asked, heard) {
            #expect(abs(hear - (ask * 12700 / 12800).rounded(.down)) < 0.02, "asked \(ask), heard \(hear)")
        }
    }
}
