import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

@Suite struct AudioEngineTests {
    /// Swapping a source takes effect at the next block without stopping playback;
    /// the old instance is deactivated once the render thread lets go of it.
    @Test func swapsSourcesWhilePlaying() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("swap.wav")
        let loud = try SineFixture.instance(options: ["gain": "0.5"])
        let quiet = try SineFixture.instance(options: ["gain": "0.125"])
        let engine = try AudioEngine(output: WavFileOutput(path: path, paced: true), source: loud)
        engine.start()
        try engine.playNote(frequency: 440, velocity: 1, at: 2400, durationFrames: 4800)
        _ = engine.wait(untilRendered: 9600)
        try engine.swapSource(to: quiet)
        let at = engine.renderedFrames + 2400
        try engine.playNote(frequency: 440, velocity: 1, at: at, durationFrames: 4800)
        let notices = engine.wait(untilRendered: at + 7200)
        try engine.stop()
        #expect(notices.contains { if case .sourceSwapped = $0 { true } else { false } })
        #expect(!loud.isActive && !quiet.isActive)
        let samples = try WavFile.read(path: path).samples[0]
        let firstPeak = samples[3000..<7000].map(abs).max()!
        let secondPeak = samples[Int(at) + 600..<Int(at) + 4600].map(abs).max()!
        #expect(abs(firstPeak - 0.5) < 0.01)
        #expect(abs(secondPeak - 0.125) < 0.01)
    }

    @Test func reportsALostDeviceInsteadOfCrashing() throws {
        let output = ScriptedOutput(results: [.written, .written, .recoveredUnderrun, .written, .deviceLost(errno: ENODEV)])
        let engine = try AudioEngine(output: output, source: try SineFixture.instance())
        try engine.playNote(frequency: 440, at: 0, durationFrames: 48000)
        let notices = engine.render(through: 48000)
        #expect(notices.contains(.underrun(atFrame: 512)))
        #expect(notices.contains(.deviceLost(errno: ENODEV)))
        #expect(engine.renderedFrames == 1024, "rendering stops at the failing block")
        try engine.stop()
    }

    @Test func lateEventsPlayAtOnceAndAreReported() throws {
        let engine = try AudioEngine(output: NullOutput(paced: false), source: try SineFixture.instance())
        _ = engine.render(through: 2560)
        try engine.playNote(frequency: 440, at: 100, durationFrames: 100)
        let notices = engine.render(through: 5120)
        #expect(notices.contains(.lateEvents(count: 2, atFrame: 2560)))
        try engine.stop()
    }

    @Test func eventsMustComeInOrder() throws {
        let engine = try AudioEngine(output: NullOutput(paced: false), source: try SineFixture.instance())
        try engine.schedule(.noteOn(engine.makeNoteID(), frequency: 440, at: 1000))
        #expect(throws: EngineError.outOfOrder(frame: 10, after: 1000)) { try engine.schedule(.noteOff(1, at: 10)) }
        try engine.stop()
    }
}

/// An output that answers each write from a script, standing in for a device
/// that underruns or disappears (which cannot be done with real hardware here).
final class ScriptedOutput: AudioOutput {
    let format = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256)
    private var results: [OutputWriteResult]
    private var next = 0

    init(results: [OutputWriteResult]) { self.results = results }

    func write(_ interleaved: UnsafePointer<Float>, frames: Int) -> OutputWriteResult {
        defer { next += 1 }
        return next < results.count ? results[next] : .written
    }

    func pendingFrames() -> Int? { nil }
    func finish() throws(AudioOutputError) {}
}
