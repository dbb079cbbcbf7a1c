import Foundation
import MusicalTime
import Testing

@Suite struct TempoMapTests {
    static func tempo(_ bpm: Double) -> Tempo { Tempo(bpm: bpm)! }
    static func at(bar: Int64, beatsPerBar: Int64 = 4) -> BeatPosition { BeatPosition(beat: bar * beatsPerBar) }

    /// The nearest frame to n · 60 · rate / bpm, halves up, in integers only.
    static func exactFrame(beat: Int64, part: Int64 = 0, of parts: Int64 = 1, milliBPM: Int64, rate: Int64) -> Int64 {
        let numerator = (Int128(beat) * Int128(parts) + Int128(part)) * 60_000 * Int128(rate)
        let denominator = Int128(milliBPM) * Int128(parts)
        return Int64((2 * numerator + denominator) / (2 * denominator))
    }

    @Test func aSteadyTempoPutsEveryBeatOnItsExactFrame() throws {
        let map = try TempoMap(tempo: Self.tempo(120), sampleRate: 48000)
        for beat in stride(from: Int64(0), through: 1_000_000, by: 997) {
            #expect(map.frame(at: BeatPosition(beat: beat)) == beat * 24000)
        }
    }

    @Test(arguments: [(97.3, 44100), (300, 48000), (400, 48000), (123.457, 96000), (20, 22050)])
    func subdivisionsOfAnAwkwardTempoStayExactForAnHour(bpm: Double, rate: Int) throws {
        let map = try TempoMap(tempo: Self.tempo(bpm), sampleRate: rate)
        let milli = Self.tempo(bpm).milliBPM
        let beatsInAnHour = Int64(bpm * 60)
        for parts in [1, 3, 5, 7, 8] as [Int64] {
            for beat in [0, 1, 2, 1000, beatsInAnHour - 1, beatsInAnHour] as [Int64] {
                for part in 0..<parts {
                    #expect(map.frame(at: BeatPosition(beat: beat, part: part, of: parts))
                            == Self.exactFrame(beat: beat, part: part, of: parts, milliBPM: milli, rate: Int64(rate)))
                }
            }
        }
    }

    /// Seconds from a ramp's start to `beats` into it, by Simpson's rule on dt = 60 / T(b) db.
    static func integratedSeconds(from start: Double, to end: Double, over length: Double, beats: Double) -> Double {
        let steps = 20_000, h = beats / Double(steps)
        func f(_ b: Double) -> Double { 60 / (start + (end - start) * b / length) }
        var sum = f(0) + f(beats)
        for i in 1..<steps { sum += f(Double(i) * h) * (i % 2 == 1 ? 4 : 2) }
        return sum * h / 3
    }

    @Test func aRampTakesTheTimeItsTempoCurveGives() throws {
        // 8 bars of 4/4 from 60 to 120 BPM, then steady at 120.
        let map = try TempoMap(segments: [
            TempoSegment(start: BeatPosition(ticks: 0), tempo: Self.tempo(60), rampTo: Self.tempo(120)),
            TempoSegment(start: Self.at(bar: 8), tempo: Self.tempo(120)),
        ], sampleRate: 48000)
        for beats in [1.0, 7.5, 16, 31, 32] {
            let expected = Self.integratedSeconds(from: 60, to: 120, over: 32, beats: beats) * 48000
            let frame = map.frame(at: BeatPosition(ticks: Int64(beats * Double(BeatPosition.ticksPerBeat))))
            #expect(abs(Double(frame) - expected) <= 0.5 + 1e-6, "beat \(beats): \(frame) against \(expected)")
        }
        // After the ramp, beats are half a second apart exactly.
        let rampEnd = map.frame(at: Self.at(bar: 8))
        for beat in [33, 100, 10_000] as [Int64] {
            #expect(map.frame(at: BeatPosition(beat: beat)) - rampEnd == (beat - 32) * 24000)
        }
        #expect(map.tempo(at: BeatPosition(beat: 16)) == 90)
        #expect(map.tempo(at: BeatPosition(beat: 40)) == 120)
    }

    @Test func readingBeatsBackFromFramesGivesThePosition() throws {
        let map = try TempoMap(segments: [
            TempoSegment(start: BeatPosition(ticks: 0), tempo: Self.tempo(90), beatsPerBar: 3),
            TempoSegment(start: Self.at(bar: 4, beatsPerBar: 3), tempo: Self.tempo(90), rampTo: Self.tempo(180), beatsPerBar: 7),
            TempoSegment(start: BeatPosition(beat: 12 + 7 * 3), tempo: Self.tempo(180), beatsPerBar: 7),
        ], sampleRate: 48000)
        for beat in stride(from: 0.0, through: 60, by: 0.25) {
            let position = BeatPosition(ticks: Int64(beat * Double(BeatPosition.ticksPerBeat)))
            let frame = map.frame(at: position)
            let halfAFrame = map.tempo(at: position) / 60 / 48000 / 2
            #expect(abs(map.beats(atFrame: frame) - beat) <= halfAFrame + 1e-9, "beat \(beat)")
        }
    }

    @Test func barsAreCountedAcrossMeterChanges() throws {
        let map = try TempoMap(segments: [
            TempoSegment(start: BeatPosition(ticks: 0), tempo: Self.tempo(100), beatsPerBar: 3),
            TempoSegment(start: BeatPosition(beat: 6), tempo: Self.tempo(100), beatsPerBar: 5),
        ], sampleRate: 48000)
        #expect(map.barBeat(at: BeatPosition(beat: 0)) == BarBeat(bar: 1, beat: 1, ticks: 0))
        #expect(map.barBeat(at: BeatPosition(beat: 5, part: 1, of: 2)) == BarBeat(bar: 2, beat: 3, ticks: BeatPosition.ticksPerBeat / 2))
        #expect(map.barBeat(at: BeatPosition(beat: 6)) == BarBeat(bar: 3, beat: 1, ticks: 0))
        #expect(map.barBeat(at: BeatPosition(beat: 15)) == BarBeat(bar: 4, beat: 5, ticks: 0))
        #expect(map.barBeat(at: BeatPosition(beat: 16)) == BarBeat(bar: 5, beat: 1, ticks: 0))
    }

    @Test func segmentsThatDoNotMakeAMapAreRefusedWithTheirIndex() {
        let steady = Self.tempo(120)
        #expect(throws: TempoMapError.noSegments) { try TempoMap(segments: [], sampleRate: 48000) }
        #expect(throws: TempoMapError.sampleRateNotPositive(0)) { try TempoMap(tempo: steady, sampleRate: 0) }
        #expect(throws: TempoMapError.firstSegmentNotAtZero) {
            try TempoMap(segments: [TempoSegment(start: BeatPosition(beat: 1), tempo: steady)], sampleRate: 48000)
        }
        #expect(throws: TempoMapError.rampWithoutEnd) {
            try TempoMap(segments: [TempoSegment(start: BeatPosition(beat: 0), tempo: steady, rampTo: Self.tempo(130))], sampleRate: 48000)
        }
        #expect(throws: TempoMapError.notOnBarLine(segment: 1)) {
            try TempoMap(segments: [TempoSegment(start: BeatPosition(beat: 0), tempo: steady),
                                    TempoSegment(start: BeatPosition(beat: 6), tempo: steady)], sampleRate: 48000)
        }
        #expect(throws: TempoMapError.notAfterPrevious(segment: 1)) {
            try TempoMap(segments: [TempoSegment(start: BeatPosition(beat: 0), tempo: steady),
                                    TempoSegment(start: BeatPosition(beat: 0), tempo: steady)], sampleRate: 48000)
        }
        #expect(throws: TempoMapError.beatsPerBarOutOfRange(segment: 0, beatsPerBar: 0)) {
            try TempoMap(tempo: steady, beatsPerBar: 0, sampleRate: 48000)
        }
        #expect(Tempo(bpm: 0) == nil && Tempo(bpm: -1) == nil && Tempo(bpm: .nan) == nil && Tempo(bpm: .infinity) == nil)
        #expect(Tempo(bpm: 120.0004)?.milliBPM == 120_000)
    }
}
