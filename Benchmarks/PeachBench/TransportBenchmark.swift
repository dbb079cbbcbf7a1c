import Glibc
import MusicalTime
import PeachAudio

/// Figure 9: the transport's frame error after one hour of 300 BPM with tempo
/// ramps. Clicks every eighth of a beat in 4/4 at 48 kHz, the tempo going
/// 300 → 360 over 8 bars, 8 bars at 360, back to 300 over 8 bars, 8 bars at
/// 300, round and round for an hour: 144,000 clicks.
///
/// The ideal grid is the same closed form evaluated in long double (64-bit
/// mantissa) from the origin. Baseline, in the same run: the way a
/// timer-driven metronome schedules, adding each click's length at the tempo
/// of the moment to a running Double time.
struct TransportBenchmark {
    static let rate = 48000
    static let parts: Int64 = 8
    static let barBeats: Int64 = 4
    static let phaseBars: Int64 = 8

    func rows() throws -> [Row] {
        let (segments, clickCount) = Self.hourOfRamps()
        let map = try TempoMap(segments: segments, sampleRate: Self.rate)
        var peachError: Int64 = 0, baselineError: Int64 = 0
        var runningSeconds = 0.0
        let clickTicks = BeatPosition.ticksPerBeat / Self.parts
        for click in 0..<clickCount {
            let position = BeatPosition(ticks: click * clickTicks)
            let ideal = Self.idealFrame(position, segments: segments)
            peachError = max(peachError, abs(map.frame(at: position) - ideal))
            baselineError = max(baselineError, abs(Int64((runningSeconds * Double(Self.rate)).rounded()) - ideal))
            runningSeconds += 60 / map.tempo(at: position) / Double(Self.parts)
        }
        return [
            .checked("9 Transport: click frame error, 1 h of 300 BPM x 8 with ramps (\(clickCount) clicks)", target: "0 frames",
                     measured: "\(peachError) frames", baseline: "running sum of click lengths: \(baselineError) frames",
                     passes: peachError == 0),
        ]
    }

    /// Ramps and steady stretches of `phaseBars` bars each, for an hour.
    static func hourOfRamps() -> ([TempoSegment], Int64) {
        let low = Tempo(bpm: 300)!, high = Tempo(bpm: 360)!
        let phases: [(Tempo, Tempo?)] = [(low, high), (high, nil), (high, low), (low, nil)]
        // An hour holds fewer than 360 · 60 beats; stop adding phases past that.
        var segments: [TempoSegment] = [], beat: Int64 = 0, phase = 0
        while beat < 360 * 60 {
            let (tempo, rampTo) = phases[phase % phases.count]
            segments.append(TempoSegment(start: BeatPosition(beat: beat), tempo: tempo, rampTo: rampTo))
            beat += phaseBars * barBeats
            phase += 1
        }
        if segments.last?.rampTo != nil { segments.append(TempoSegment(start: BeatPosition(beat: beat), tempo: low)) }
        let seconds = idealSeconds(BeatPosition(beat: beat), segments: segments)
        let clicks = Int64(Float80(3600) / seconds * Float80(beat * parts))
        return (segments, min(clicks, beat * parts))
    }

    /// Seconds to `position` from the origin, in long double, summing each segment's closed form.
    static func idealSeconds(_ position: BeatPosition, segments: [TempoSegment]) -> Float80 {
        var seconds: Float80 = 0
        for (index, segment) in segments.enumerated() where segment.start.ticks < position.ticks {
            let end = index + 1 < segments.count ? min(segments[index + 1].start.ticks, position.ticks) : position.ticks
            let beats = Float80(end - segment.start.ticks) / Float80(BeatPosition.ticksPerBeat)
            let start = Float80(segment.tempo.milliBPM) / 1000
            guard let rampTo = segment.rampTo else { seconds += beats * 60 / start; continue }
            let length = Float80(segments[index + 1].start.ticks - segment.start.ticks) / Float80(BeatPosition.ticksPerBeat)
            let slope = (Float80(rampTo.milliBPM) / 1000 - start) / length
            seconds += 60 / slope * log1pl(slope * beats / start)
        }
        return seconds
    }

    static func idealFrame(_ position: BeatPosition, segments: [TempoSegment]) -> Int64 {
        let frames = idealSeconds(position, segments: segments) * Float80(rate)
        return Int64((frames + 0.5).rounded(.down))
    }
}
