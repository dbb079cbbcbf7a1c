/// Everything that decides which clicks a metronome plays and when: tempo,
/// meter, subdivision, accents, count-in, a tempo trainer, muted bars and
/// random silent beats. Pure data; `check()` says what is out of range.
public struct MetronomeSetup: Equatable, Codable, Sendable {
    public var bpm: Double
    public var beatsPerBar: Int
    public var subdivision: Int
    /// Groups of an odd meter (2+2+3); nil for one group.
    public var grouping: [Int]?
    /// One level per beat; nil for the meter's defaults (see `accentLevels`).
    public var accents: [AccentLevel]?
    public var countInBars: Int
    public var trainer: TempoTrainer?
    public var mutedBars: MutedBars?
    /// The chance that any beat after the count-in falls silent (0 = never).
    public var silentBeatChance: Double
    /// Seeds the random silent beats, so a render can be repeated exactly;
    /// nil for other beats each time the metronome starts (`MetronomePlayer` draws one).
    public var seed: UInt64?

    public static let tempoRange = 20.0...400.0
    public static let beatsRange = 1...16
    public static let subdivisionRange = 1...8
    public static let countInRange = 0...16
    public static let silentChanceRange = 0.0...0.9
    /// Seeds travel through the settings file as JSON numbers, exact up to 2^53.
    public static let seedRange: ClosedRange<UInt64> = 0...(1 << 53)

    public init(bpm: Double = 100, beatsPerBar: Int = 4, subdivision: Int = 1, grouping: [Int]? = nil, accents: [AccentLevel]? = nil,
                countInBars: Int = 0, trainer: TempoTrainer? = nil, mutedBars: MutedBars? = nil, silentBeatChance: Double = 0, seed: UInt64? = nil) {
        self.bpm = bpm
        self.beatsPerBar = beatsPerBar
        self.subdivision = subdivision
        self.grouping = grouping
        self.accents = accents
        self.countInBars = countInBars
        self.trainer = trainer
        self.mutedBars = mutedBars
        self.silentBeatChance = silentBeatChance
        self.seed = seed
    }

    /// Throws the first thing out of range.
    public func check() throws(MetronomeSetupError) {
        for tempo in [bpm] + (trainer.map { [$0.from, $0.to] } ?? []) where !Self.tempoRange.contains(tempo) {
            throw .tempoOutside(tempo, allowed: Self.tempoRange)
        }
        guard Self.beatsRange.contains(beatsPerBar) else { throw .beatsOutside(beatsPerBar, allowed: Self.beatsRange) }
        guard Self.subdivisionRange.contains(subdivision) else { throw .subdivisionOutside(subdivision, allowed: Self.subdivisionRange) }
        guard Self.countInRange.contains(countInBars) else { throw .countInOutside(countInBars, allowed: Self.countInRange) }
        if let grouping, grouping.reduce(0, +) != beatsPerBar { throw .groupingSum(grouping: grouping, beats: beatsPerBar) }
        if let accents, accents.count != beatsPerBar {
            throw .accentCount(pattern: String(accents.map(\.letter)), beats: beatsPerBar)
        }
        if let trainer {
            guard TempoTrainer.everyRange.contains(trainer.everyBars) else { throw .trainerEveryOutside(trainer.everyBars, allowed: TempoTrainer.everyRange) }
            guard TempoTrainer.stepRange.contains(trainer.step) else { throw .trainerStepOutside(trainer.step, allowed: TempoTrainer.stepRange) }
        }
        guard Self.silentChanceRange.contains(silentBeatChance) else { throw .silentChanceOutside(silentBeatChance, allowed: Self.silentChanceRange) }
    }

    /// The level of each beat: as set, else the grouping's, else the first beat strong and the rest normal.
    public var accentLevels: [AccentLevel] {
        if let accents { return accents }
        if let grouping { return BeatGrouping.accents(grouping) }
        return [.strong] + Array(repeating: .normal, count: beatsPerBar - 1)
    }

    /// The tempo of bar `bar`, counting the count-in's bars (at the starting tempo).
    public func tempo(inBar bar: Int64) -> Double {
        guard let trainer else { return bpm }
        return trainer.tempo(inBar: max(0, bar - Int64(countInBars)))
    }
}
