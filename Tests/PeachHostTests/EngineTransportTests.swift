import Foundation
import MusicalTime
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// Notes scheduled at beat positions sound on the frames the tempo map gives,
/// through a ramp: found in the rendered audio, not only computed.
@Suite struct EngineTransportTests {
    @Test func clicksAtBeatsLandOnTheMapsFramesThroughARamp() throws {
        // Two bars ramping 120 → 240 BPM, then steady: beats shorten from 24,000 frames towards 12,000.
        let map = try TempoMap(segments: [TempoSegment(start: BeatPosition(beat: 0), tempo: Tempo(bpm: 120)!, rampTo: Tempo(bpm: 240)!),
                                          TempoSegment(start: BeatPosition(beat: 8), tempo: Tempo(bpm: 240)!)], sampleRate: 48000)
        let output = MemoryOutput(capacityFrames: 48000 * 4)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance(options: ["gain": "0.5", "release-ms": "5"]))
        #expect(throws: EngineError.noTransport) { try engine.playNote(frequency: 1000, from: BeatPosition(beat: 0), to: BeatPosition(beat: 1)) }
        try engine.setTransport(map, originFrame: 1000)
        let beats = (0..<12).map { BeatPosition(beat: Int64($0)) }
        for beat in beats {
            try engine.playNote(frequency: 1000, velocity: 1, from: beat, to: BeatPosition(ticks: beat.ticks + BeatPosition.ticksPerBeat / 16))
        }
        _ = engine.renderBlocks(48000 * 4 / 256)
        try engine.stop()
        let samples = output.samples(channel: 0)
        let frames = beats.map { Int(engine.transport!.frame(at: $0)) }
        #expect(frames[0] == 1000 && frames[1] - frames[0] < 24_000 && frames[11] - frames[10] == 12_000, "\(frames)")
        for frame in frames {
            // Silence up to the click's frame (a sine starts at phase 0), sound right after.
            #expect(samples[(frame - 200)...frame].allSatisfy { $0 == 0 } && samples[frame + 1] != 0, "a click at frame \(frame)")
        }
        #expect(throws: EngineError.transportRate(map: 44100, output: 48000)) {
            try engine.setTransport(try TempoMap(tempo: Tempo(bpm: 60)!, sampleRate: 44100), originFrame: 0)
        }
    }
}
