import MusicalTime

/// Where every beat of a metronome lands on the engine's frame clock.
///
/// Time is kept in eras: a run of beats from a starting beat and frame, timed
/// by a `TempoMap` (bars of one beat, so a tempo can change on any beat; the
/// meter is the metronome's business, not the map's). The first era holds
/// the count-in and the tempo trainer's steps; a tempo changed while playing
/// starts a new era on a beat not yet scheduled. Each frame comes from its
/// era's origin by the map's exact arithmetic, never from a running sum, so
/// an hour of clicks is as exact as the first bar.
public struct MetronomeTimeline: Sendable {
    public let sampleRate: Int
    private(set) var eras: [Era]

    struct Era: Sendable {
        let startBeat: Int64
        let originFrame: Int64
        let map: TempoMap
    }

    /// Beat 0 on `startFrame`, timed as `setup` says (its count-in and trainer included).
    public init(setup: MetronomeSetup, startFrame: Int64, sampleRate: Int) throws(TempoMapError) {
        self.sampleRate = sampleRate
        // The trainer's steps fall every `everyBars` bars after the count-in, until its goal.
        var changeBars: [Int64] = [0]
        if let trainer = setup.trainer {
            let every = Int64(trainer.everyBars)
            changeBars += stride(from: every, through: trainer.barsToGoal, by: Int(every)).map { Int64(setup.countInBars) + $0 }
        }
        var segments: [TempoSegment] = []
        for bar in changeBars {
            guard let tempo = Tempo(bpm: setup.tempo(inBar: bar)) else { throw .noSegments }
            if segments.last?.tempo == tempo { continue }
            segments.append(TempoSegment(start: BeatPosition(beat: bar * Int64(setup.beatsPerBar)), tempo: tempo, beatsPerBar: 1))
        }
        eras = [Era(startBeat: 0, originFrame: startFrame, map: try TempoMap(segments: segments, sampleRate: sampleRate))]
    }

    /// The frame of part `part` of `subdivision` of beat `beat`.
    public func frame(beat: Int64, part: Int = 0, of subdivision: Int = 1) -> Int64 {
        let era = self.era(containing: beat)
        return era.originFrame + era.map.frame(at: BeatPosition(beat: beat - era.startBeat, part: Int64(part), of: Int64(subdivision)))
    }

    /// The tempo at beat `beat`, in BPM.
    public func tempo(atBeat beat: Int64) -> Double {
        let era = self.era(containing: beat)
        return era.map.tempo(at: BeatPosition(beat: beat - era.startBeat))
    }

    /// From beat `beat` on, a steady `bpm`; beat `beat` itself stays on its
    /// frame unless `frame` moves it (tap tempo puts it in step with the taps).
    public mutating func change(to bpm: Double, fromBeat beat: Int64, at frame: Int64? = nil) throws(TempoMapError) {
        guard let tempo = Tempo(bpm: bpm) else { throw .noSegments }
        let origin = frame ?? self.frame(beat: beat)
        eras.removeAll { $0.startBeat >= beat }
        eras.append(Era(startBeat: beat, originFrame: origin, map: try TempoMap(tempo: tempo, beatsPerBar: 1, sampleRate: sampleRate)))
    }

    private func era(containing beat: Int64) -> Era {
        eras.last { $0.startBeat <= beat } ?? eras[0]
    }
}
