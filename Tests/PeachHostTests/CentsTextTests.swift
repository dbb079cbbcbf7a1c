import PeachHost
import Testing

/// Cents as the reports write them, and what lies beyond what Peach plays.
@Suite struct CentsTextTests {
    @Test(arguments: [(12.4, "12 ¢"), (4.21, "4.2 ¢"), (0.052, "0.05 ¢"), (300, "300 ¢"),
                      // A chance-level listener's estimate (496 ¢ was printed as their median): no difference played measures it.
                      (496, "> 300 ¢")])
    func centsAreWrittenToTheirPrecisionAndNoFurtherThanPeachPlays(cents: Double, text: String) {
        #expect(CentsText.text(cents) == text.replacing(" ", with: "\u{A0}"))
    }
}
