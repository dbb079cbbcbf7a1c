import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// The FluidSynth source measures, with each program's calibration, how
/// exactly its pairs keep their interval from the first frame
/// (`peach.pair-interval/1`), and training refuses a program beyond 0.1 cent.
/// TimGM6mb's trumpet (program 56) is such a program: its sample's pitch moves
/// so that two speeds of it drift apart by some 0.2 cent.
@Suite struct FluidPairCheckTests {
    /// The flute is a known issue: at C6 its +0.3-cent pair measures some 0.2
    /// cent off (the keys `FluidPitchTests` checks, A4 and C4, hold within 0.07).
    @Test(arguments: [(73, "Flute"), (0, "Acoustic Grand Piano"), (19, "Church Organ")])
    func programsWhosePairsHoldAreOffered(program: Int, name: String) throws {
        let instance = try FluidFixture.instance(options: ["program": String(program)])
        let pairs = try #require(instance.pairInterval())
        withKnownIssue("TimGM6mb's flute at C6: a +0.3-cent pair measures about 0.2 cent off from its first frame") {
            #expect(pairs.holds, "\(name): \(pairs)")
        } when: { program == 73 }
        print("\(name): a pair's interval errs by up to \(pairs.worstCents) cents")
    }

    @Test func theTrumpetsPairsAreRefusedSayingWhy() throws {
        let instance = try FluidFixture.instance(options: ["program": "56"])
        let pairs = try #require(instance.pairInterval())
        #expect(!pairs.holds && pairs.worstCents < 1, "\(pairs)")
        let player = PairPlayer(engine: try AudioEngine(output: MemoryOutput(capacityFrames: 48000), source: instance), noteSeconds: 0.5)
        let pair = TrainingPair(note: MIDINote(number: 69)!, cents: 12.7, kind: .nearby)
        #expect(throws: EngineError.pairInexact(pairs, source: FluidFixture.sourceID, timbre: "Trumpet")) { try player.play(pair, reference: 440) }
        let words = EngineError.pairInexact(pairs, source: FluidFixture.sourceID, timbre: "Trumpet").text(in: .english)
        #expect(words.hasPrefix("org.peach.fluid (Trumpet) keeps a pair's interval only within 0.2") && words.hasSuffix("not offered for training"), "\(words)")
        #expect(player.engine.renderedFrames == 0, "nothing of the pair was scheduled")
    }

    /// As the font tunes it nothing is promised, so nothing is measured or refused.
    @Test func fontTuningMeasuresNoPairs() throws {
        #expect(try FluidFixture.instance(options: ["program": "56", "tuning": "font"]).pairInterval() == nil)
    }
}
