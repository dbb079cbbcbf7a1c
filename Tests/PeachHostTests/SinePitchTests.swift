import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachTestSupport
import Testing

/// The Sine source's pitch, measured in audio that went through alsa-lib's
/// real PCM path (the user-space `file` device writes what the device would play).
@Suite struct SinePitchTests {
    static let noteFrames: Int64 = 24000
    static let margin = 960  // skip 20 ms at each end: the envelope is not part of the steady tone

    /// C2..C7 in steps of a fifth-ish, each at several 0.1-cent steps.
    static let keys = stride(from: 36, through: 96, by: 5).map { $0 } + [96]
    static let cents: [Double] = [0, 0.1, 0.2, 0.3, -0.1, 12.7]

    @Test func sineThroughAlsaFilePCMIsWithinOneHundredthOfACent() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("pitch.wav")
        let requests = Self.keys.flatMap { key in Self.cents.map { Pitch.frequency(of: MIDINote(number: key)!, cents: $0) } }
        let output = try AlsaOutput(device: "file:FILE=\(path),FORMAT=wav")
        #expect(output.format.sampleRate == 48000)
        let notes = requests.enumerated().map { (frequency: $1, start: Int64($0) * Self.noteFrames, frames: Self.noteFrames) }
        let notices = try SineFixture.render(notes, through: output)
        #expect(notices.allSatisfy { !$0.endsRendering })

        let wav = try WavFile.read(path: path)
        #expect(wav.sampleRate == 48000)
        var worst = 0.0
        var measured: [Double] = []
        for (index, request) in requests.enumerated() {
            let start = index * Int(Self.noteFrames) + Self.margin
            let frequency = FrequencyMeter.frequency(of: wav.samples[0][start..<(start + Int(Self.noteFrames) - 2 * Self.margin)], sampleRate: wav.sampleRate)
            measured.append(frequency)
            let error = FrequencyMeter.cents(frequency, from: request)
            worst = max(worst, abs(error))
            #expect(abs(error) < 0.01, "note \(index): asked \(request) Hz, measured \(frequency) Hz (\(error) cents)")
        }
        // Neighbouring 0.1-cent requests come out 0.1 cent apart.
        for (keyIndex, _) in Self.keys.enumerated() {
            let base = keyIndex * Self.cents.count
            let step = FrequencyMeter.cents(measured[base + 1], from: measured[base])
            #expect(abs(step - 0.1) < 0.01, "key \(Self.keys[keyIndex]): 0.1-cent step measured as \(step)")
        }
        print("worst pitch error through ALSA: \(worst) cents over \(requests.count) notes")
    }

    @Test func releaseBuildOfThePluginExportsItsEntryAndPlaysInTune() throws {
        let library = BuildProducts.releaseSinePlugin
        try #require(FileManager.default.fileExists(atPath: library), "build it first: `make test` runs `swift build -c release --product PeachSineSource`")
        let symbols = try Shell.run(["nm", "-D", "--defined-only", library]).standardOutput
        #expect(symbols.contains("peach_source_entry_v1"))
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("release.wav")
        let instance = try PluginLibrary.load(path: library).makeInstance(of: "org.peach.sine")
        let engine = try AudioEngine(output: try WavFileOutput(path: path), source: instance)
        try engine.playNote(frequency: 440.0254, at: 0, durationFrames: 24000)
        _ = engine.render(through: 24000, thenUntilSilentWithin: 48000)
        try engine.stop()
        let wav = try WavFile.read(path: path)
        let frequency = FrequencyMeter.frequency(of: wav.samples[0][960..<23040], sampleRate: wav.sampleRate)
        #expect(abs(FrequencyMeter.cents(frequency, from: 440.0254)) < 0.01)
    }
}
