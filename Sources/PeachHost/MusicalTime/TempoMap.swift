import Glibc

/// Musical time on the frame clock: which frame each beat position lands on,
/// given tempo changes, linear ramps and meters, at one sample rate.
///
/// Every frame is computed from the start of its segment, and each segment's
/// start from the closed-form lengths of the segments before it, never by
/// adding up beat or block lengths as time passes. At a steady tempo the
/// arithmetic is exact (integers, 128-bit); a ramp's part is one closed-form
/// evaluation (a logarithm) in Double. So nothing drifts: after an hour at
/// 400 BPM in sixteenths every click is still on the frame the ideal grid puts
/// it on (`PeachBench` measures this against a long-double reference).
public struct TempoMap: Sendable {
    public let sampleRate: Int
    public let segments: [TempoSegment]
    /// Where each segment starts on the frame clock.
    private let starts: [FramePoint]
    /// Whole bars before each segment.
    private let barsBefore: [Int64]

    public init(segments: [TempoSegment], sampleRate: Int) throws(TempoMapError) {
        guard sampleRate > 0 else { throw .sampleRateNotPositive(sampleRate) }
        guard let first = segments.first else { throw .noSegments }
        guard first.start.ticks == 0 else { throw .firstSegmentNotAtZero }
        guard segments.last?.rampTo == nil else { throw .rampWithoutEnd }
        var starts = [FramePoint.zero], bars: [Int64] = [0]
        for (index, segment) in segments.enumerated() {
            guard (1...64).contains(segment.beatsPerBar) else {
                throw .beatsPerBarOutOfRange(segment: index, beatsPerBar: segment.beatsPerBar)
            }
            guard index > 0 else { continue }
            let previous = segments[index - 1]
            let length = segment.start.ticks - previous.start.ticks
            guard length > 0 else { throw .notAfterPrevious(segment: index) }
            let barTicks = Int64(previous.beatsPerBar) * BeatPosition.ticksPerBeat
            guard length % barTicks == 0 else { throw .notOnBarLine(segment: index) }
            starts.append(starts[index - 1].adding(Self.offset(ticks: length, in: previous, until: length, sampleRate: sampleRate)))
            bars.append(bars[index - 1] + length / barTicks)
        }
        self.segments = segments
        self.sampleRate = sampleRate
        self.starts = starts
        barsBefore = bars
    }

    /// One steady tempo from the start.
    public init(tempo: Tempo, beatsPerBar: Int = 4, sampleRate: Int) throws(TempoMapError) {
        try self.init(segments: [TempoSegment(start: BeatPosition(ticks: 0), tempo: tempo, beatsPerBar: beatsPerBar)], sampleRate: sampleRate)
    }

    /// The frame an event at `position` is played on (the nearest; halves go later).
    public func frame(at position: BeatPosition) -> Int64 {
        moment(at: position).nearestFrame
    }

    /// The tempo at `position` (within a ramp, the tempo reached there).
    public func tempo(at position: BeatPosition) -> Double {
        let index = segmentIndex(containing: position)
        let segment = segments[index]
        guard let end = segment.rampTo else { return segment.tempo.bpm }
        let length = Double(segments[index + 1].start.ticks - segment.start.ticks)
        let done = Double(position.ticks - segment.start.ticks) / length
        return segment.tempo.bpm + (end.bpm - segment.tempo.bpm) * done
    }

    /// The beats in a bar at `position`.
    public func beatsPerBar(at position: BeatPosition) -> Int {
        segments[segmentIndex(containing: position)].beatsPerBar
    }

    /// Bar, beat and ticks of `position`, counting bars across meter changes.
    public func barBeat(at position: BeatPosition) -> BarBeat {
        let index = segmentIndex(containing: position)
        let segment = segments[index]
        let into = position.ticks - segment.start.ticks
        let barTicks = Int64(segment.beatsPerBar) * BeatPosition.ticksPerBeat
        let (bars, inBar) = into.quotientAndRemainder(dividingBy: barTicks)
        let (beat, ticks) = inBar.quotientAndRemainder(dividingBy: BeatPosition.ticksPerBeat)
        return BarBeat(bar: barsBefore[index] + bars + 1, beat: Int(beat) + 1, ticks: ticks)
    }

    /// The beat position sounding at `frame`, in beats (for showing where the
    /// music is and for plugins' transport; schedule with `frame(at:)`).
    public func beats(atFrame frame: Int64) -> Double {
        let point = FramePoint(whole: frame, fraction: 0)
        var index = 0
        var low = 0, high = starts.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if starts[middle].frames(since: point) <= 0 { index = middle; low = middle + 1 } else { high = middle - 1 }
        }
        let segment = segments[index]
        let seconds = point.frames(since: starts[index]) / Double(sampleRate)
        let startBeats = segment.start.beats
        guard let end = segment.rampTo else { return startBeats + seconds * segment.tempo.bpm / 60 }
        let slope = (end.bpm - segment.tempo.bpm) / (Double(segments[index + 1].start.ticks - segment.start.ticks) / Double(BeatPosition.ticksPerBeat))
        // Inverse of the ramp's time: beats = T0 / k · (e^{k t / 60} − 1).
        return startBeats + segment.tempo.bpm / slope * expm1(slope * seconds / 60)
    }

    private func moment(at position: BeatPosition) -> FramePoint {
        let index = segmentIndex(containing: position)
        let segment = segments[index]
        let length = index + 1 < segments.count ? segments[index + 1].start.ticks - segment.start.ticks : 0
        return starts[index].adding(Self.offset(ticks: position.ticks - segment.start.ticks, in: segment, until: length, sampleRate: sampleRate))
    }

    private func segmentIndex(containing position: BeatPosition) -> Int {
        var low = 0, high = segments.count - 1, found = 0
        while low <= high {
            let middle = (low + high) / 2
            if segments[middle].start.ticks <= position.ticks { found = middle; low = middle + 1 } else { high = middle - 1 }
        }
        return found
    }

    /// Frames from a segment's start to `ticks` into it (`length`: the segment's ticks, for a ramp).
    private static func offset(ticks: Int64, in segment: TempoSegment, until length: Int64, sampleRate: Int) -> FramePoint {
        guard let end = segment.rampTo else {
            // ticks · 60 s · rate / (BPM · ticksPerBeat), with BPM in thousandths: exact.
            let numerator = Int128(ticks) * 60_000 * Int128(sampleRate)
            return FramePoint(numerator: numerator, denominator: segment.tempo.milliBPM * BeatPosition.ticksPerBeat)
        }
        // Tempo linear in beats, T(b) = T0 + k·b: time = ∫ 60 / T(b) db = 60 / k · ln(1 + k·b / T0).
        let start = segment.tempo.bpm
        let slope = (end.bpm - start) / (Double(length) / Double(BeatPosition.ticksPerBeat))
        let beats = Double(ticks) / Double(BeatPosition.ticksPerBeat)
        let seconds = 60 / slope * log1p(slope * beats / start)
        return FramePoint.zero.adding(frames: seconds * Double(sampleRate))
    }
}
