import Foundation
import Glibc
import PeachAudio
import PeachHost
import PeachSupport
import PeachTestSupport
import Testing

/// Real-time priority belongs only to a render thread that blocks on a sound
/// card. One that writes to a file or to nothing would, at SCHED_FIFO, take a
/// whole core and starve other programs (tests run as root here, so the
/// request would be granted).
@Suite struct RenderPriorityTests {
    /// The scheduling policy of the render thread once it has rendered its first block.
    static func renderPolicy(of output: AudioOutput) throws -> Int32 {
        let engine = try AudioEngine(output: output, source: try SineFixture.instance())
        _ = engine.render(through: Int64(output.format.blockFrames))
        var policy: Int32 = -1
        var parameters = sched_param()
        pthread_getschedparam(try #require(engine.renderThread), &policy, &parameters)
        try engine.stop()
        return policy
    }

    @Test func outputsWithoutADeviceClockRenderAtNormalPriority() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        #expect(try Self.renderPolicy(of: NullOutput(paced: false)) == SCHED_OTHER)
        #expect(try Self.renderPolicy(of: NullOutput(paced: true)) == SCHED_OTHER)
        #expect(try Self.renderPolicy(of: WavFileOutput(path: folder.file("a.wav"))) == SCHED_OTHER)
        #expect(try Self.renderPolicy(of: AlsaOutput(device: "null")) == SCHED_OTHER)
        #expect(try Self.renderPolicy(of: AlsaOutput(device: "plug:null")) == SCHED_OTHER)
    }

    /// ALSA's `null` device takes writes as fast as they come; Peach paces it
    /// like a sound card, so half a second of sound takes half a second and
    /// almost no processor time.
    @Test func alsasNullDeviceIsPacedNotSpun() throws {
        let output = try AlsaOutput(device: "null")
        #expect(!output.blocksOnDevice)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance())
        let frames = Int64(output.format.sampleRate / 2)
        try engine.playNote(frequency: 440, at: 0, durationFrames: frames)
        let start = Monotonic.nanoseconds()
        _ = engine.render(through: frames)
        let wall = Double(Monotonic.nanoseconds() - start) / 1e9
        var clock = clockid_t()
        pthread_getcpuclockid(try #require(engine.renderThread), &clock)
        var used = timespec()
        clock_gettime(clock, &used)
        try engine.stop()
        let cpu = Double(used.tv_sec) + Double(used.tv_nsec) / 1e9
        // The pacer lets the writer run a device buffer (4 periods) ahead, as a card does.
        let lead = Double(output.format.blockFrames * 4) / output.format.sampleRate
        #expect(wall >= 0.5 - lead - 0.01, "half a second of audio took \(wall) s")
        #expect(cpu < 0.25, "the render thread used \(cpu) s of processor for 0.5 s of audio")
    }
}
