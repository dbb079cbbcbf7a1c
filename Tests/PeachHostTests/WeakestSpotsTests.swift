import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// The weak spots Peach names (the start page, the training benchmark): judged
/// register for register, one name per place, weakest first.
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
        let spots = ProfileReport.weakestSpots(thresholds)
        #expect(Array(spots.prefix(2)) == [52, 81], "\(spots.prefix(5))")
        #expect(!spots.contains { $0 != 52 && abs($0 - 52) <= ProfileReport.spotRadius }, "E3's shoulders are part of its spot")
    }

    @Test func aFlatStretchNamesOneKey() {
        let spots = ProfileReport.weakestSpots((60...64).map { ($0, Self.usual($0)) })
        #expect(spots == [60])
    }

    @Test func aProfileNamesTheKeyThatIsHardForThisListener() {
        // KeyboardChartTests' listener: thresholds falling towards the treble, 4× at A5.
        let report = KeyboardChartTests.overview.report
        #expect(report.notes.max { $0.threshold < $1.threshold }!.note < 48, "the highest thresholds are in the bass")
        #expect(report.weakestSpots.first?.note == 81, "\(report.weakestSpots.prefix(3).map(\.name))")
    }
}
