import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// Several sources at once: each track's notes on their exact frames, mixed
/// with the track's gain; tracks added, swapped and removed while rendering;
/// a failing source costing only its own track. Rendered block by block on
/// the test's thread (`renderBlocks`), so every run gives the same samples.
@Suite struct MultiTrackTests {
    static let blocks = 94  // 24,064 frames at 256 a block: half a second

    /// One track alone, as the reference each mixed track must equal.
    static func alone(_ notes: [(frequency: Double, start: Int64, frames: Int64)], gain: String = "0.25") throws -> [Float] {
        let output = MemoryOutput(capacityFrames: blocks * 256)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance(options: ["gain": gain]))
        for note in notes { try engine.playNote(frequency: note.frequency, velocity: 1, at: note.start, durationFrames: note.frames) }
        _ = engine.renderBlocks(blocks)
        try engine.stop()
        return output.samples(channel: 0)
    }

    /// The amplitude of `frequency` in `samples[range]`; ranges of 0.1 s hold
    /// whole periods of every frequency here, so the others do not leak in.
    static func level(_ frequency: Double, in samples: [Float], _ range: Range<Int>) -> Double {
        FrequencyMeter.phase(of: ArraySlice(samples[range].map(Double.init)), frequency: frequency, sampleRate: 48000, firstFrame: range.lowerBound).amplitude
    }

    static func largestDifference(_ a: [Float], _ b: [Float]) -> Float {
        zip(a, b).map { abs($0 - $1) }.max() ?? .infinity
    }

    static let low = [(frequency: 220.0, start: Int64(1000), frames: Int64(12_000))]
    static let middle = [(frequency: 330.0, start: Int64(2017), frames: Int64(9_000)), (frequency: 330.0, start: Int64(15_001), frames: Int64(3_000))]
    static let high = [(frequency: 550.0, start: Int64(3333), frames: Int64(6_000))]

    /// Three sources sound together; the mix is the three tracks rendered
    /// alone, added: every note of every track starts on its own frame.
    @Test func threeTracksMixSampleExactly() throws {
        let output = MemoryOutput(capacityFrames: Self.blocks * 256)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance(options: ["gain": "0.25"]))
        let second = try engine.addTrack(source: try SineFixture.instance(options: ["gain": "0.25"]))
        let third = try engine.addTrack(source: try SineFixture.instance(options: ["gain": "0.25"]))
        #expect(engine.tracks == [.main, second, third])
        for (track, notes) in [(TrackID.main, Self.low), (second, Self.middle), (third, Self.high)] {
            for note in notes { try engine.playNote(frequency: note.frequency, velocity: 1, at: note.start, durationFrames: note.frames, on: track) }
        }
        let notices = engine.renderBlocks(Self.blocks)
        try engine.stop()
        #expect(notices.isEmpty, "\(notices)")
        let mixed = output.samples(channel: 0)
        let sum = zip(zip(try Self.alone(Self.low), try Self.alone(Self.middle)), try Self.alone(Self.high)).map { $0.0 + $0.1 + $1 }
        #expect(Self.largestDifference(mixed, sum) < 1e-6)
        #expect(mixed[..<1000].allSatisfy { $0 == 0 } && mixed[1001] != 0, "the first note starts on frame 1000")
        // Each frequency is there, at the level its track plays it.
        for frequency in [220.0, 330, 550] {
            #expect(abs(Self.level(frequency, in: mixed, 4000..<8800) - 0.25) < 0.001, "\(frequency) Hz")
        }
    }

    /// Gain scales one track (ramped over a block, so no click), mute silences it;
    /// the others are untouched.
    @Test func gainAndMuteActOnTheirTrackOnly() throws {
        let output = MemoryOutput(capacityFrames: Self.blocks * 256)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance(options: ["gain": "0.25"]))
        let other = try engine.addTrack(source: try SineFixture.instance(options: ["gain": "0.25"]), gain: 0.5)
        try engine.playNote(frequency: 220, velocity: 1, at: 0, durationFrames: 23_000)
        try engine.playNote(frequency: 550, velocity: 1, at: 0, durationFrames: 23_000, on: other)
        _ = engine.renderBlocks(40)  // 10,240 frames
        engine.setMuted(true, of: other)
        _ = engine.renderBlocks(20)  // to 15,360
        engine.setMuted(false, of: other)
        engine.setGain(1, of: other)
        _ = engine.renderBlocks(Self.blocks - 60)
        try engine.stop()
        let samples = output.samples(channel: 0)
        func level(_ frequency: Double, _ range: Range<Int>) -> Double { Self.level(frequency, in: samples, range) }
        #expect(abs(level(550, 4000..<8800) - 0.125) < 0.001, "gain 0.5")
        #expect(level(550, 10_560..<15_360) < 1e-4, "muted from the block after")
        #expect(abs(level(550, 16_000..<20_800) - 0.25) < 0.001, "unmuted at gain 1")
        for range in [4000..<8800, 10_560..<15_360, 16_000..<20_800] {
            #expect(abs(level(220, range) - 0.25) < 0.001, "the main track at \(range)")
        }
        // The mute ramps down over one block: no step larger than the tone's own.
        let steadyStep = zip(samples[8000..<9000], samples[8001..<9001]).map { abs($0 - $1) }.max()!
        let mutingStep = zip(samples[10_240..<10_496], samples[10_241..<10_497]).map { abs($0 - $1) }.max()!
        #expect(mutingStep <= steadyStep * 1.05)
    }

    /// A track added while rendering starts at the next block, its notes on
    /// their frames; swapping its source keeps the other tracks' notes; removing
    /// it fades its notes out, deactivates its source and frees its slot.
    @Test func tracksComeAndGoWhileRendering() throws {
        let output = MemoryOutput(capacityFrames: Self.blocks * 256)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance(options: ["gain": "0.25"]))
        for note in Self.low { try engine.playNote(frequency: note.frequency, velocity: 1, at: note.start, durationFrames: note.frames) }
        _ = engine.renderBlocks(8)  // to 2048
        let added = try SineFixture.instance(options: ["gain": "0.25"])
        let track = try engine.addTrack(source: added)
        for note in Self.high { try engine.playNote(frequency: note.frequency, velocity: 1, at: note.start, durationFrames: note.frames, on: track) }
        _ = engine.renderBlocks(40)  // to 12,288: the high note (3333 + 6000) is over
        let replacement = try SineFixture.instance(options: ["gain": "0.25"])
        try engine.swapSource(to: replacement, on: track)
        try engine.playNote(frequency: 330, velocity: 1, at: 15_001, durationFrames: 3000, on: track)
        _ = engine.renderBlocks(4)
        #expect(!added.isActive, "the replaced source is deactivated once faded")
        _ = engine.renderBlocks(26)  // to 20,480
        engine.removeTrack(track)
        _ = engine.renderBlocks(Self.blocks - 78)
        #expect(!replacement.isActive)
        #expect(engine.tracks == [.main])
        let again = try engine.addTrack(source: try SineFixture.instance())
        #expect(again == track, "the slot is free again")
        try engine.stop()
        let expected = zip(try Self.alone(Self.low + []), try Self.alone(Self.high + [(330, 15_001, 3000)])).map { $0 + $1 }
        #expect(Self.largestDifference(output.samples(channel: 0), expected) < 1e-6)
    }

    /// A source that fails on one track is silenced and reported for that
    /// track; the main track plays on exactly as alone.
    @Test func aFailingSourceCostsOnlyItsTrack() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let library = try CPlugin.build(BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/bad_source.c", named: "libfailing",
                                        in: folder.path, defines: ["PROCESS_ERROR"])
        let failing = try SourceFixture.instance(of: "org.peach.test.fixture", library: library, options: [:])
        let output = MemoryOutput(capacityFrames: Self.blocks * 256)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance(options: ["gain": "0.25"]))
        let track = try engine.addTrack(source: failing)
        for note in Self.low { try engine.playNote(frequency: note.frequency, velocity: 1, at: note.start, durationFrames: note.frames) }
        try engine.playNote(frequency: 880, velocity: 1, at: 0, durationFrames: 20_000, on: track)
        let notices = engine.renderBlocks(Self.blocks)
        try engine.stop()
        #expect(notices == [TrackNotice(track: track, notice: .sourceFailed(atFrame: 4864))], "\(notices)")
        let samples = output.samples(channel: 0)
        #expect(Self.largestDifference(Array(samples[4864...]), Array(try Self.alone(Self.low)[4864...])) < 1e-6)
    }

    /// A cancel with no render thread (before it starts, or rendering block by
    /// block) drops what was queued and nothing scheduled after it.
    @Test func aCancelWithoutARenderThreadKeepsWhatComesAfter() throws {
        let output = MemoryOutput(capacityFrames: Self.blocks * 256)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance(options: ["gain": "0.25"]))
        try engine.playNote(frequency: 220, velocity: 1, at: 1000, durationFrames: 4000)
        engine.cancelScheduled()
        try engine.playNote(frequency: 550, velocity: 1, at: 2000, durationFrames: 4000)
        _ = engine.renderBlocks(40)  // to 10,240: the 550 Hz note has died away
        try engine.playNote(frequency: 220, velocity: 1, at: 12_000, durationFrames: 4000)
        engine.cancelScheduled()
        try engine.playNote(frequency: 330, velocity: 1, at: 13_000, durationFrames: 4000)
        _ = engine.renderBlocks(Self.blocks - 40)
        try engine.stop()
        let expected = try Self.alone([(550, 2000, 4000), (330, 13_000, 4000)])
        #expect(Self.largestDifference(output.samples(channel: 0), expected) < 1e-6)
    }

    @Test func theSixteenthTrackIsTheLast() throws {
        let engine = try AudioEngine(output: NullOutput(paced: false), source: try SineFixture.instance())
        for _ in 1..<16 { _ = try engine.addTrack(source: try SineFixture.instance()) }
        #expect(throws: EngineError.noFreeTrack(limit: 16)) { try engine.addTrack(source: try SineFixture.instance()) }
        try engine.stop()
    }
}
