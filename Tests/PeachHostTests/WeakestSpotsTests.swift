import Foundation
import PeachAudio
import PeachHistory
import PeachHost
import PeachMusic
import PeachTestSupport
import PeachTraining
import Testing

/// The weak spots Peach names (the start page, the training benchmark): judged
/// by how far a key stands above the listener's own curve (register for
/// register where no fit is at hand), one name per place, weakest first.
@Suite struct WeakestSpotsTests {
    /// Twice the usual curve everywhere, so the bass is highest in cents but no weaker for this ear.
    static func usual(_ note: Int) -> Double { 2 * exp(KeyboardPrior.typical.meanLogThreshold(note)) }

    @Test func aSpotIsNamedOnceAtItsCentreAndTheBassIsNotASpot() {
        // A spot three keys wide at E3 (2.5× at its centre) and a one-key spot at A5 (2×).
        let thresholds = (36...96).map { note -> (note: Int, threshold: Double) in
            let d = Double(note - 52)
            let factor = exp(log(2.5) * exp(-d * d / 2)) * (note == 81 ? 2 : 1)
            return (note, Self.usual(note) * factor)
        }
        #expect(thresholds[0].threshold > thresholds[81 - 36].threshold, "in cents C2 is higher than the A5 spot")
        let spots = ProfileReport.weakestSpots(thresholds.map { ($0.note, $0.threshold, nil) })
        #expect(Array(spots.prefix(2)) == [52, 81], "\(spots.prefix(5))")
        #expect(!spots.contains { $0 != 52 && abs($0 - 52) <= ProfileReport.spotRadius }, "E3's shoulders are part of its spot")
    }

    @Test func aFlatStretchNamesOneKey() {
        let spots = ProfileReport.weakestSpots((60...64).map { ($0, Self.usual($0), nil) })
        #expect(spots == [60])
    }

    @Test func aProfileNamesTheKeyThatIsHardForThisListener() {
        // KeyboardChartTests' listener: thresholds falling towards the treble, 4× at A5.
        let report = KeyboardChartTests.overview.report
        #expect(report.notes.max { $0.threshold < $1.threshold }!.note < 48, "the highest thresholds are in the bass")
        #expect(report.weakestSpots.first?.note == 81, "\(report.weakestSpots.prefix(3).map(\.name))")
    }

    /// A spot 2.5× at its centre and about three keys wide (E3), on a curve
    /// that falls into the treble, from answers at random keys.
    static let narrowSpot: ProfileReport = {
        let threshold = { (note: Int) -> Double in
            let d = Double(note - 52)
            return 40 * pow(0.97, Double(note - 36)) * exp(log(2.5) * exp(-d * d / 4.5))
        }
        let profile = PersistentTraining.rebuild(simulatedHistory(count: 3000, keys: 36...72, threshold: threshold).map(AnswerEvidence.init))
        return ProfileReport(profile: profile, range: .manual(MIDINote(number: 36)!, MIDINote(number: 72)!), reference: 440)
    }()

    @Test func aNarrowSpotStandsAboveTheListenersOwnCurveWhereItIs() throws {
        let report = Self.narrowSpot
        let spot = try #require(report.weakestSpots.first)
        #expect(abs(spot.note - 52) <= 1, "named \(report.weakestSpots.prefix(3).map(\.name))")
        // θ̂ peaks over several keys (the broad part takes up some of the spot); what stands above the curve is the spot's own.
        let far = report.notes.filter { abs($0.note - 52) >= 6 }
        let height = try #require(spot.aboveCurve)
        #expect(far.allSatisfy { $0.aboveCurve! < height && (0.8...1.25).contains($0.aboveCurve!) },
                "\(spot.name) \(height); \(far.map { ($0.name, $0.aboveCurve!) })")
    }

    @Test func aSnapshotWrittenBeforeTheFitWasStoredNamesSpotsRegisterForRegister() throws {
        var report = KeyboardChartTests.overview.report
        for index in report.notes.indices { report.notes[index].aboveCurve = nil }
        let json = try report.json()
        #expect(!json.contains("aboveCurve"), "an older snapshot has no such field")
        let decoded = try JSONDecoder().decode(ProfileReport.self, from: Data(json.utf8))
        #expect(decoded.weakestSpots.first?.note == 81, "\(decoded.weakestSpots.prefix(3).map(\.name))")
    }

    /// The spots named to the listener are the chart's ▲ keys, one name per place: every ▲ key is a named
    /// spot or lies within `spotRadius` of one, and the names follow `weakestSpots`' order.
    @Test func theNamedWeakSpotsAreTheMarkedKeysOneNamePerPlace() {
        for report in [KeyboardChartTests.overview.report, Self.narrowSpot] {
            let named = report.weakSpots.map(\.note)
            #expect(!named.isEmpty && Set(named).isSubset(of: report.weakKeys), "\(named) \(report.weakKeys.sorted())")
            #expect(report.weakKeys.allSatisfy { key in named.contains { abs($0 - key) <= ProfileReport.spotRadius } })
            #expect(!zip(named, named.dropFirst()).contains { abs($0 - $1) <= ProfileReport.spotRadius })
            #expect(named.first.map { abs($0 - report.weakestSpots[0].note) <= ProfileReport.spotRadius } == true)
        }
    }
}
