@testable import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// The mix of several tracks stays within full scale, and a mix that was
/// within it is passed on bit for bit. Rendered block by block on the test's
/// thread, so every run gives the same samples.
@Suite struct MasterLimiterTests {
    static let blocks = 188  // 48,128 frames at 256 a block: a second

    /// Each (frequency, start, frames) on a track of its own, sine at `gain`, velocity 1.
    static func render(_ notes: [(frequency: Double, start: Int64, frames: Int64)], gain: String) throws -> (samples: [Float], limited: Int64) {
        let output = MemoryOutput(capacityFrames: blocks * 256)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance(options: ["gain": gain]))
        for (index, note) in notes.enumerated() {
            let track = index == 0 ? TrackID.main : try engine.addTrack(source: try SineFixture.instance(options: ["gain": gain]))
            try engine.playNote(frequency: note.frequency, velocity: 1, at: note.start, durationFrames: note.frames, on: track)
        }
        let notices = engine.renderBlocks(blocks)
        #expect(notices.isEmpty, "\(notices)")
        try engine.stop()
        return (output.samples(channel: 0), engine.limitedFrames)
    }

    /// Three tracks at 0.6 each would peak near 1.8; the mix never passes the
    /// ceiling, each note is still there, and a quiet note half a second
    /// later (the gain recovered) is exactly what it is alone.
    @Test func aMixThatWouldClipStaysWithinFullScaleAndRecovers() throws {
        let loud = [(frequency: 220.0, start: Int64(1000), frames: Int64(12_000)),
                    (frequency: 330.0, start: Int64(1000), frames: Int64(12_000)),
                    (frequency: 550.0, start: Int64(1000), frames: Int64(12_000))]
        let quiet = (frequency: 440.0, start: Int64(36_000), frames: Int64(9_600))
        let (mixed, limited) = try Self.render(loud + [quiet], gain: "0.6")
        let sum = try loud.map { try Self.render([$0], gain: "0.6").samples }.reduce([Float](repeating: 0, count: mixed.count)) { zip($0, $1).map(+) }
        #expect(sum.map(abs).max()! > 1.5, "the tracks' sum would clip")
        #expect(limited > 0)
        let peak = mixed.map(abs).max()!
        #expect(peak <= MasterLimiter.ceiling, "peak \(peak)")
        #expect(peak > 0.96 * MasterLimiter.ceiling, "the limiter holds the peaks at its ceiling, it does not duck the whole mix: \(peak)")
        // Before the notes start: nothing; the chord's notes each still sound.
        #expect(mixed[..<1000].allSatisfy { $0 == 0 })
        for frequency in [220.0, 330, 550] {
            let level = FrequencyMeter.phase(of: ArraySlice(mixed[4000..<8800].map(Double.init)), frequency: frequency, sampleRate: 48000, firstFrame: 4000).amplitude
            #expect(level > 0.3 && level <= 0.6, "\(frequency) Hz at \(level)")
        }
        // The quiet note, alone on its track, sample for sample.
        let alone = try Self.render([quiet], gain: "0.6").samples
        #expect(mixed[30_000...] == alone[30_000...], "after the release the mix is passed on untouched")
    }

    /// Three tracks at 0.25 peak at 0.75: the limiter does nothing, and the mix is the exact sum.
    @Test func aMixWithinFullScaleIsPassedOnUntouched() throws {
        let notes = [(frequency: 220.0, start: Int64(1000), frames: Int64(12_000)),
                     (frequency: 330.0, start: Int64(2017), frames: Int64(9_000)),
                     (frequency: 550.0, start: Int64(3333), frames: Int64(6_000))]
        let (mixed, limited) = try Self.render(notes, gain: "0.25")
        #expect(limited == 0)
        let sum = try notes.map { try Self.render([$0], gain: "0.25").samples }.reduce([Float](repeating: 0, count: mixed.count)) { zip($0, $1).map(+) }
        #expect(zip(mixed, sum).allSatisfy { abs($0 - $1) < 1e-6 })
    }

    /// The channels are turned down alike, so the stereo image holds: where
    /// the left channel peaks at 1.5, the quiet right one falls by the same
    /// factor. The limiter itself, on a buffer (no source plays channels apart).
    @Test func stereoChannelsAreTurnedDownTogether() {
        let buffer = PlanarBuffer(channels: 2, frames: 256)
        let limiter = MasterLimiter(channels: 2, sampleRate: 48000)
        for index in 0..<256 {
            buffer.channelPointers[0]![index] = index == 100 ? 1.5 : 0.5
            buffer.channelPointers[1]![index] = 0.25
        }
        let changed = limiter.process(buffer, frames: 256)
        let left = (0..<256).map { buffer.channelPointers[0]![$0] }, right = (0..<256).map { buffer.channelPointers[1]![$0] }
        #expect(changed == 156, "from the peak to the block's end, while the gain recovers")
        #expect(left[..<100].allSatisfy { $0 == 0.5 } && right[..<100].allSatisfy { $0 == 0.25 }, "untouched before the peak")
        #expect(abs(left[100] - MasterLimiter.ceiling) < 1e-6)
        for index in 100..<256 { #expect(abs(right[index] / 0.25 - left[index] / 0.5) < 1e-6 || index == 100) }
        #expect(abs(right[100] - 0.25 * MasterLimiter.ceiling / 1.5) < 1e-6)
        #expect(right[101] > right[100] && right[255] > right[101] && right[255] < 0.25, "recovering, over the release")
    }
}
