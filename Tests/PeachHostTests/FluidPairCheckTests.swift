import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// The FluidSynth source measures, with each program's calibration, how
/// exactly its pairs keep their interval from the first frame
/// (`peach.pair-interval/1`), and training refuses a program beyond 0.1 cent.
/// TimGM6mb's muted electric guitar (program 28) is such a program: played
/// 250.7 cents down from A4, its second note's onset runs some 0.15 cent off
/// the ratio. (`FluidCoreTests` checks the measurement itself on signals
/// whose error is known.)
@Suite struct FluidPairCheckTests {
    /// Breathy onsets and recorded vibrato (flute, trumpet) hold as well as the sine-like organ.
    @Test(arguments: [(73, "Flute"), (56, "Trumpet"), (0, "Acoustic Grand Piano"), (19, "Church Organ")])
    func programsWhosePairsHoldAreOffered(program: Int, name: String) throws {
        let instance = try FluidFixture.instance(options: ["program": String(program)])
        let pairs = try #require(instance.pairInterval())
        #expect(pairs.holds, "\(name): \(pairs)")
        print("\(name): a pair's interval errs by up to \(pairs.worstCents) cents")
    }

    @Test func theMutedGuitarsPairsAreRefusedSayingWhy() throws {
        let instance = try FluidFixture.instance(options: ["program": "28"])
        let pairs = try #require(instance.pairInterval())
        #expect(!pairs.holds && pairs.worstCents < 1, "\(pairs)")
        let player = PairPlayer(engine: try AudioEngine(output: MemoryOutput(capacityFrames: 48000), source: instance), noteSeconds: 0.5)
        let pair = TrainingPair(note: MIDINote(number: 69)!, cents: 12.7, kind: .nearby)
        let error = EngineError.pairInexact(pairs, source: FluidFixture.sourceID, timbre: "Electric Guitar (muted)")
        #expect(throws: error) { try player.play(pair, reference: 440) }
        let words = error.text(in: .english)
        #expect(words.hasPrefix("org.peach.fluid (Electric Guitar (muted)) keeps a pair's interval only within 0.15")
                    && words.hasSuffix("not offered for training"), "\(words)")
        #expect(player.engine.renderedFrames == 0, "nothing of the pair was scheduled")
    }

    /// As the font tunes it nothing is promised, so nothing is measured or refused.
    @Test func fontTuningMeasuresNoPairs() throws {
        #expect(try FluidFixture.instance(options: ["program": "56", "tuning": "font"]).pairInterval() == nil)
    }
}
