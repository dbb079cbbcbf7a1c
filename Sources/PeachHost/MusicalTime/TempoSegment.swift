/// One stretch of a `TempoMap`: from `start` to the next segment's start, at
/// `tempo`, or ramping linearly (in beats) from `tempo` to `rampTo`, in bars
/// of `beatsPerBar` beats.
public struct TempoSegment: Hashable, Sendable {
    public var start: BeatPosition
    public var tempo: Tempo
    /// The tempo reached at the next segment's start; nil for a steady tempo.
    public var rampTo: Tempo?
    public var beatsPerBar: Int

    public init(start: BeatPosition, tempo: Tempo, rampTo: Tempo? = nil, beatsPerBar: Int = 4) {
        self.start = start
        self.tempo = tempo
        self.rampTo = rampTo == tempo ? nil : rampTo
        self.beatsPerBar = beatsPerBar
    }
}
