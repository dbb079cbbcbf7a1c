import PeachHost
import PeachMessages
import PeachMusic
import PeachText
import PeachTraining
import Testing

/// Training within what the sound source plays (its declared note range):
/// every pair sounds whole, the range grows no further than the source goes,
/// a pair near an edge is moved rather than turned round, and a fixed range
/// the source cannot play is refused with what it does play.
@Suite struct PlayableRangeTests {
    typealias Listener = TrainingCoreTests.Listener

    static func session(range: TrainingRange, playable: ClosedRange<Double>, seed: UInt64 = 1) throws -> TrainingSession {
        let session = TrainingSession(range: range, selector: PairSelector(style: TrainingStyle(0.5), generator: SeededGenerator(seed: seed)))
        try session.fit(to: playable, of: "test.source")
        return session
    }

    /// Answers `count` pairs; returns them.
    static func train(_ session: TrainingSession, _ listener: inout Listener, answers count: Int) -> [TrainingPair] {
        (0..<count).map { _ in
            let pair = session.nextPair()
            session.answer(pair, heard: listener.hears(pair))
            return pair
        }
    }

    static func playsWhole(_ pair: TrainingPair, within playable: ClosedRange<Double>) -> Bool {
        let (first, second) = pair.frequencies(reference: 440)
        return playable.contains(first) && playable.contains(second)
    }

    @Test func anAdaptiveRangeGrowsToWhereTheSourceStopsAndNoFurther() throws {
        // Up to 400 Hz: G4 (392 Hz) is the highest key, one above where an adaptive range starts.
        let playable = 20.0...400.0
        var listener = Listener { _ in 8 }
        let session = try Self.session(range: .adaptive, playable: playable)
        let pairs = Self.train(session, &listener, answers: 1500)
        #expect(session.range.keys.upperBound == 67, "range \(session.range)")
        #expect(session.range.keys.lowerBound < TrainingRange.adaptiveStart.lowerBound, "it grew where it could: \(session.range)")
        let unplayable = pairs.filter { !Self.playsWhole($0, within: playable) }
        #expect(unplayable.isEmpty, "\(unplayable.prefix(5))")
        #expect(pairs.contains { $0.note.number == 67 }, "the top key is trained")
    }

    @Test func aPairNearTheTopIsMovedInwardsNotTurnedRound() throws {
        // B6 is 1975.5 Hz: a pair there may reach 21.5 cents up before 2000 Hz.
        let playable = 20.0...2000.0, room = Pitch.cents(from: Pitch.frequency(of: MIDINote(number: 95)!), to: 2000)
        var listener = Listener { _ in 12 }
        let session = try Self.session(range: .manual(MIDINote(number: 84)!, MIDINote(number: 95)!), playable: playable)
        let pairs = Self.train(session, &listener, answers: 1200)
        #expect(pairs.allSatisfy { Self.playsWhole($0, within: playable) })
        let atTop = pairs.filter { $0.note.number == 95 }
        #expect(atTop.count > 20 && atTop.allSatisfy { abs($0.cents) <= room }, "B6: \(atTop.count) pairs, widest \(atTop.map { abs($0.cents) }.max() ?? 0)")
        #expect(pairs.contains { $0.note.number != 95 && abs($0.cents) > room }, "wider pairs are played a key or more lower")
        // The direction stays a coin toss at every key and width: none is given away by where the pair is.
        for key in 84...95 {
            let wide = pairs.filter { $0.note.number == key && abs($0.cents) > room }
            guard wide.count >= 20 else { continue }
            let higher = Double(wide.filter { $0.cents > 0 }.count) / Double(wide.count)
            #expect(higher > 0.3 && higher < 0.7, "key \(key): \(wide.count) wide pairs, \(higher) of them up")
        }
    }

    @Test func aSourceThatPlaysNoKeyOfTheRangeMovesAnAdaptiveRangeToTheNearestOctaveItPlays() throws {
        // 1000 to 4000 Hz holds C6 to B7; an adaptive range starts at F#3 to F#4.
        let playable = 1000.0...4000.0
        var listener = Listener { _ in 10 }
        let session = try Self.session(range: .adaptive, playable: playable)
        let pairs = Self.train(session, &listener, answers: 200)
        #expect(pairs.allSatisfy { Self.playsWhole($0, within: playable) })
        #expect(pairs.prefix(30).allSatisfy { (84...96).contains($0.note.number) }, "it starts at C6 to C7: \(pairs.prefix(30).map(\.note.number))")
        #expect(Set(pairs.map(\.note.number)).count >= 10, "an octave is trained, not one key: \(Set(pairs.map(\.note.number)).sorted())")
        #expect(session.range.keys.contains(TrainingRange.adaptiveStart.lowerBound), "the keys trained before stay in the range")
    }

    @Test func aFixedRangeBeyondTheSourceIsRefusedWithWhatItPlays() throws {
        let session = TrainingSession(range: try TrainingRange(parsing: "C6-C7"))
        let error = try #require(throws: UnplayableRange.self) { try session.fit(to: 20...2000, of: "test.source") }
        #expect(error.keys == 84...96 && error.playable.keys == 21...95)
        #expect(error.text(in: .english) == "test.source plays 20 to 2000 Hz with its current options, the keys A0 to B6 at A4 = 440 Hz; "
                + "the training range C6-C7 reaches beyond them: train keys within them, or choose another sound")
        try session.fit(to: 20...2100, of: "test.source")  // C7 is 2093 Hz
        #expect(session.playable == 20...2100)
    }

    @Test func aSourceThatPlaysNoKeyOfThePianoIsRefused() throws {
        // C8, the piano's top key, is 4186 Hz.
        let error = try #require(throws: UnplayableRange.self) { try TrainingSession().fit(to: 5000...8000, of: "test.source") }
        #expect(error.playable.keys == nil)
        #expect(error.text(in: .english).contains("no key of the piano at A4 = 440 Hz"), "\(error.text(in: .english))")
    }

    @Test func aPairWiderThanTheRangeAllowsGetsTheWidestThatFitsBothWays() {
        // 430 to 450 Hz holds only A4, with 38.9 cents of room above and 39.8 below.
        let pitches = PlayablePitches(frequencies: 430...450, reference: 440)
        #expect(pitches.keys == 69...69)
        for cents in [100.0, -100.0] {
            let placed = pitches.place(TrainingPair(note: MIDINote(number: 69)!, cents: cents, kind: .nearby), among: 69...69)
            #expect(placed.note.number == 69 && placed.cents == (cents > 0 ? 38.9 : -38.9) && pitches.plays(placed), "\(placed)")
        }
    }
}
