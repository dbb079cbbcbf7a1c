/// The clicks of one beat: what the setup says each part of it plays, at the
/// frame the timeline gives. The count-in plays its beats only; muted bars
/// and random silent beats keep their clicks, marked silent, so a display
/// goes on counting through them.
public struct ClickPlan: Sendable {
    /// The setup played, with the seed its silent beats come from.
    public let setup: MetronomeSetup
    private let levels: [AccentLevel]
    private let seed: UInt64

    /// `seed` stands in for the setup's own, which it has when it has one
    /// (the player draws one for a setup without).
    public init(setup: MetronomeSetup, seed: UInt64) {
        self.seed = setup.seed ?? seed
        var seeded = setup
        seeded.seed = self.seed
        self.setup = seeded
        levels = setup.accentLevels
    }

    /// The clicks of beat `beat` (0 = the first beat of the count-in, or of the music).
    public func clicks(ofBeat beat: Int64, on timeline: MetronomeTimeline) -> [Click] {
        let beats = Int64(setup.beatsPerBar)
        let bar = beat / beats, inBar = Int(beat % beats)
        let countIn = bar < Int64(setup.countInBars)
        let musicBar = bar - Int64(setup.countInBars)
        var silence: Click.Silence?
        if !countIn {
            if setup.mutedBars?.mutes(bar: musicBar) == true {
                silence = .mutedBar
            } else if RandomSilence.silences(beat: beat, seed: seed, chance: setup.silentBeatChance) {
                silence = .silentBeat
            }
        }
        let parts = countIn ? 1 : setup.subdivision
        let bpm = timeline.tempo(atBeat: beat)
        return (0..<parts).map { part in
            let level: AccentLevel = countIn ? (inBar == 0 ? .strong : .normal) : part == 0 ? levels[inBar] : .weak
            return Click(frame: timeline.frame(beat: beat, part: part, of: parts), bar: bar + 1, beat: inBar + 1, part: part,
                         level: level, countIn: countIn, silencedBy: silence, bpm: bpm)
        }
    }
}
