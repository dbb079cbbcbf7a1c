import MusicalTime
import PeachAudio
import PeachMetronome
import Testing

/// The metronome's plan: which clicks, at which level, on which frame. Frames
/// are checked against the ideal grid computed here independently, in
/// integers: click k of a steady tempo falls on round(k · 60 · rate / (BPM · parts)).
@Suite struct MetronomeTests {
    static let rate = 48000

    /// The ideal frame of click `k` at `milliBPM` with `parts` clicks a beat, from `origin` (halves go later, as the map's).
    static func ideal(_ k: Int64, milliBPM: Int64, parts: Int64, origin: Int64 = 0) -> Int64 {
        let numerator = Int128(k) * 60 * Int128(rate) * 1000, denominator = Int128(milliBPM) * Int128(parts)
        return origin + Int64((2 * numerator + denominator) / (2 * denominator))
    }

    static func clicks(_ setup: MetronomeSetup, beats: Int64, startFrame: Int64 = 0) throws -> [Click] {
        let timeline = try MetronomeTimeline(setup: setup, startFrame: startFrame, sampleRate: rate)
        let plan = ClickPlan(setup: setup, seed: 1)
        return (0..<beats).flatMap { plan.clicks(ofBeat: $0, on: timeline) }
    }

    @Test(arguments: [(400.0, 8), (92.0, 1), (133.333, 5), (20.0, 7), (317.5, 3)])
    func everyClickOfAnHourLandsOnTheIdealGrid(bpm: Double, subdivision: Int) throws {
        let setup = MetronomeSetup(bpm: bpm, beatsPerBar: 4, subdivision: subdivision)
        let beats = Int64(bpm * 60)  // one hour
        let timeline = try MetronomeTimeline(setup: setup, startFrame: 12_345, sampleRate: Self.rate)
        let milli = Int64((bpm * 1000).rounded())
        var worst: Int64 = 0
        for beat in stride(from: Int64(0), to: beats, by: 7) {  // every seventh beat: all parts, across the hour
            for part in 0..<subdivision {
                let k = beat * Int64(subdivision) + Int64(part)
                worst = max(worst, abs(timeline.frame(beat: beat, part: part, of: subdivision) - Self.ideal(k, milliBPM: milli, parts: Int64(subdivision), origin: 12_345)))
            }
        }
        #expect(worst == 0, "\(bpm) BPM × \(subdivision): a click is \(worst) frames off the ideal grid")
    }

    @Test func aGroupedOddMeterAccentsEachGroupsFirstBeat() throws {
        let setup = MetronomeSetup(bpm: 92, beatsPerBar: 7, grouping: try BeatGrouping.parse("2+2+3"))
        try setup.check()
        let clicks = try Self.clicks(setup, beats: 14)
        #expect(clicks.map(\.level) == Array(repeating: [.strong, .weak, .normal, .weak, .normal, .weak, .weak] as [AccentLevel], count: 2).flatMap { $0 })
        #expect(clicks.map(\.bar) == Array(repeating: 1, count: 7) + Array(repeating: 2, count: 7))
        #expect(clicks.map(\.beat) == Array(1...7) + Array(1...7))
    }

    @Test func accentsAndSubdivisionsGiveEachClickItsLevel() throws {
        let setup = MetronomeSetup(bpm: 120, beatsPerBar: 4, subdivision: 3, accents: try AccentLevel.parse(pattern: "X.-x"))
        let clicks = try Self.clicks(setup, beats: 4)
        #expect(clicks.count == 12)
        #expect(clicks.filter { $0.part == 0 }.map(\.level) == [.strong, .silent, .weak, .normal])
        #expect(clicks.filter { $0.part > 0 }.allSatisfy { $0.level == .weak })
        #expect(clicks.filter(\.sounds).count == 11)
        // Triplets at 120 BPM: 8000 frames apart.
        #expect(clicks.map(\.frame) == (0..<12).map { Int64($0) * 8000 })
    }

    @Test func theCountInPlaysBeatsOnlyThenTheMusicStarts() throws {
        let setup = MetronomeSetup(bpm: 60, beatsPerBar: 3, subdivision: 2, countInBars: 1)
        let clicks = try Self.clicks(setup, beats: 6)
        #expect(clicks.prefix(3).allSatisfy { $0.countIn })
        #expect(clicks.prefix(3).map(\.frame) == [0, 48000, 96000])
        #expect(clicks.dropFirst(3).map(\.frame) == stride(from: 144_000, to: 288_000, by: 24_000).map { Int64($0) })
        #expect(clicks.dropFirst(3).allSatisfy { !$0.countIn })
    }

    @Test func theTempoTrainerStepsEveryNBarsAfterTheCountInAndHoldsAtItsGoal() throws {
        let trainer = try TempoTrainer.parse("80-90/2+5")
        #expect(trainer == TempoTrainer(from: 80, to: 90, everyBars: 2, step: 5))
        let setup = MetronomeSetup(bpm: 80, beatsPerBar: 2, countInBars: 1, trainer: trainer)
        try setup.check()
        let clicks = try Self.clicks(setup, beats: 2 * 9)
        let tempoByBar = Dictionary(clicks.map { ($0.bar, $0.bpm) }, uniquingKeysWith: { a, _ in a })
        #expect((1...9).map { tempoByBar[Int64($0)]! } == [80, 80, 80, 85, 85, 90, 90, 90, 90])
        // Each beat lasts 60/BPM s of its bar's tempo, summed exactly: 3 bars at 80, 2 at 85 then 90.
        var expected: Int64 = 0, frames: [Int64] = []
        for bar in 1...9 {
            for _ in 0..<2 {
                frames.append(expected)
                expected += Int64(60 * 48000 / [80.0, 80, 80, 85, 85, 90, 90, 90, 90][bar - 1] * 1000) / 1000
            }
        }
        // 85 BPM does not divide a second into whole frames: compare each beat within one frame of the float sum, and the grid exactly where whole.
        for (click, frame) in zip(clicks, frames) { #expect(abs(click.frame - frame) <= 1) }
        #expect(clicks[6].frame == 3 * 2 * 36000)
    }

    @Test func mutedBarsAndRandomSilentBeatsKeepCountingWithoutSound() throws {
        let setup = MetronomeSetup(bpm: 100, beatsPerBar: 4, mutedBars: try MutedBars.parse("2:1"))
        let clicks = try Self.clicks(setup, beats: 4 * 6)
        #expect(clicks.map { $0.silencedBy == .mutedBar } == [false, false, true, false, false, true].flatMap { Array(repeating: $0, count: 4) })
        let dropping = MetronomeSetup(bpm: 100, beatsPerBar: 4, silentBeatChance: 0.3, seed: 7)
        let first = try Self.clicks(dropping, beats: 4000), second = try Self.clicks(dropping, beats: 4000)
        let silent = first.filter { $0.silencedBy == .silentBeat }.count
        #expect(first == second)
        #expect((1000...1400).contains(silent), "\(silent) of 4000 beats dropped at 30 %")
        let otherSeed = try Self.clicks(MetronomeSetup(bpm: 100, beatsPerBar: 4, silentBeatChance: 0.3, seed: 8), beats: 4000)
        #expect(otherSeed.map(\.silencedBy) != first.map(\.silencedBy))
    }

    @Test func aTempoChangeStartsOnTheNextBeatWithoutMovingTheOnesBefore() throws {
        var timeline = try MetronomeTimeline(setup: MetronomeSetup(bpm: 120), startFrame: 0, sampleRate: Self.rate)
        try timeline.change(to: 60, fromBeat: 10)
        #expect((0...10).map { timeline.frame(beat: $0) } == (0...10).map { Int64($0) * 24000 })
        #expect(timeline.frame(beat: 11) == 240_000 + 48_000)
        #expect(timeline.frame(beat: 20) == 240_000 + 10 * 48_000)
    }

    @Test func tapTempoNeedsThreeTapsAndForgetsAfterTwoSeconds() {
        var taps = TapTempo(sampleRate: 48000)
        #expect(taps.tap(atFrame: 0) == nil)
        #expect(taps.tap(atFrame: 24_000) == nil)
        #expect(taps.tap(atFrame: 48_000) == 120)
        #expect(taps.tap(atFrame: 72_500) == 119.2)
        #expect(taps.tap(atFrame: 72_500 + 96_001) == nil)  // more than two seconds: a new count
        #expect(taps.tap(atFrame: 72_500 + 96_001 + 30_000) == nil)
        #expect(taps.tap(atFrame: 72_500 + 96_001 + 60_000) == 96)
    }

    @Test func badSetupsAreRefusedWithWhatIsWrong() throws {
        #expect(throws: MetronomeSetupError.tempoOutside(401, allowed: 20...400)) { try MetronomeSetup(bpm: 401).check() }
        #expect(throws: MetronomeSetupError.beatsOutside(0, allowed: 1...16)) { try MetronomeSetup(beatsPerBar: 0).check() }
        #expect(throws: MetronomeSetupError.subdivisionOutside(9, allowed: 1...8)) { try MetronomeSetup(subdivision: 9).check() }
        #expect(throws: MetronomeSetupError.groupingSum(grouping: [2, 2], beats: 7)) { try MetronomeSetup(beatsPerBar: 7, grouping: [2, 2]).check() }
        #expect(throws: MetronomeSetupError.badGrouping("2++3")) { try BeatGrouping.parse("2++3") }
        #expect(throws: MetronomeSetupError.badAccentCharacter(pattern: "Xy", character: "y")) { try AccentLevel.parse(pattern: "Xy") }
        #expect(throws: MetronomeSetupError.badTrainer("80-")) { try TempoTrainer.parse("80-") }
        #expect(throws: MetronomeSetupError.tempoOutside(500, allowed: 20...400)) {
            try MetronomeSetup(trainer: TempoTrainer(from: 80, to: 500, everyBars: 4)).check()
        }
        #expect(throws: MetronomeSetupError.badMutedBars("2:0")) { try MutedBars.parse("2:0") }
    }

    /// Clicks by name or by General MIDI key, the accent's key first.
    @Test func clickSoundsAreNamedOrGivenByKey() throws {
        #expect(ClickSound.named("Beep") == .beep)
        #expect(ClickSound.named("37/42") == ClickSound(name: "37/42", accentKey: 37, normalKey: 42))
        #expect(ClickSound.named("56") == ClickSound(name: "56", accentKey: 56, normalKey: 56))
        #expect(ClickSound.named("56/56")?.name == "56")
        for bad in ["", "/", "34/", "/33", "128", "-1/33", "34/33/35", "cowbell", "3 4"] { #expect(ClickSound.named(bad) == nil, "\(bad)") }
        let custom = ClickSound.named("37/42")!
        let setup = MetronomeSetup(beatsPerBar: 2)
        let clicks = ClickPlan(setup: setup, seed: 1).clicks(ofBeat: 0, on: try MetronomeTimeline(setup: setup, startFrame: 0, sampleRate: 48_000))
            + ClickPlan(setup: setup, seed: 1).clicks(ofBeat: 1, on: try MetronomeTimeline(setup: setup, startFrame: 0, sampleRate: 48_000))
        #expect(clicks.map { custom.voice($0).key } == [37, 42])
    }
}
