import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// The engine's input: read a block before each output block on one frame
/// clock, handed to the main thread, and heard in the output when monitored,
/// with the round trip the engine reports.
@Suite struct EngineInputTests {
    static let blocks = 60  // 15,360 frames

    /// A 48 kHz float WAV, silent until frame 5,000, then a 441 Hz tone to 12,000.
    static func burst(in folder: TemporaryDirectory) throws -> (path: String, samples: [Float]) {
        let path = folder.file("burst.wav")
        let sox = try Shell.run(["sox", "-n", "-r", "48000", "-c", "1", "-b", "32", "-e", "floating-point", path,
                                 "synth", "7000s", "sine", "441", "vol", "0.5", "pad", "5000s", "0"])
        #expect(sox.status == 0, "\(sox.standardError)")
        return (path, try WavFile.read(path: path).samples[0].map(Float.init))
    }

    /// The burst comes out on the frame it went in (a file's round trip is 0
    /// frames, as reported), the main thread gets every captured sample, and the
    /// input's end is reported at the file's last frame.
    @Test func aMonitoredFileComesOutOnTheFrameItWentIn() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let (path, written) = try Self.burst(in: folder)
        let output = MemoryOutput(capacityFrames: Self.blocks * 256)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance())
        try engine.attach(input: try SoundFileInput(path: path))
        engine.setMonitorGain(1)
        let notices = engine.renderBlocks(Self.blocks)
        #expect(notices.map(\.notice) == [.inputEnded(atFrame: 12_000)], "\(notices)")
        let captured = engine.takeCaptured()
        #expect(captured == written, "every captured sample, once")
        #expect(engine.takeCaptured().isEmpty && engine.droppedCapturedSamples == 0)
        try engine.stop()
        let played = output.samples(channel: 0)
        let delay = played.firstIndex { $0 != 0 }! - written.firstIndex { $0 != 0 }!
        #expect(delay == engine.roundTripLatencyFrames && delay == 0)
        // After the first block's fade-in of the monitor, the output is the input, sample for sample.
        #expect(Array(played[256..<12_000]) == Array(written[256..<12_000]))
        #expect(played[12_000...].allSatisfy { $0 == 0 }, "silence after the input ended")
    }

    /// Through ALSA's `file` PCM reading an infile, as a capture device would:
    /// the samples arrive in order, and the device's period counts in the round trip.
    @Test func capturesThroughAnALSADevice() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let raw = folder.file("heard.raw")
        let written = try AlsaTestConfiguration.writeSine(raw, frequency: 441, frames: 12_800)
        let input = try AlsaInput(device: AlsaTestConfiguration.captureName, preferredRate: 48000, configuration: AlsaTestConfiguration.captureDevice(infile: raw))
        let engine = try AudioEngine(output: MemoryOutput(capacityFrames: 12_800), source: try SineFixture.instance())
        try engine.attach(input: input)
        _ = engine.renderBlocks(50)
        let captured = engine.takeCaptured()
        #expect(engine.roundTripLatencyFrames == input.format.blockFrames)
        try engine.stop()
        #expect(captured.count == 12_800)
        for index in [0, 1, 4321, 12_799] {
            #expect(abs(Double(captured[index]) - Double(written[index]) / 2147483648) < 1e-7, "sample \(index)")
        }
    }

    @Test func anInputMustRunAtTheOutputsRate() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("cd.wav")
        #expect(try Shell.run(["sox", "-n", "-r", "44100", "-c", "1", path, "synth", "0.1", "sine", "441"]).status == 0)
        let engine = try AudioEngine(output: MemoryOutput(capacityFrames: 256), source: try SineFixture.instance())
        #expect(throws: EngineError.inputRate(input: 44100, output: 48000)) { try engine.attach(input: try SoundFileInput(path: path)) }
        try engine.stop()
    }
}
