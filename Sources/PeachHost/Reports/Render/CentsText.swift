import PeachText
import PeachTraining
/// Cents as people read them: whole cents from 10 up, one decimal below
/// (`12 ¢`, `4.2 ¢`, `5 ¢`), two below a tenth. The space before ¢ is a no-break
/// space, so a wrapped line never leaves the unit alone.
public enum CentsText {
    public static func number(_ cents: Double) -> String {
        if cents >= 9.95 { return String(Int(cents.rounded())) }
        if cents >= 0.095 { return ((cents * 10).rounded() / 10).compact }
        return ((cents * 100).rounded() / 100).compact
    }

    /// `12 ¢`; beyond the largest difference Peach plays, `> 300 ¢`: an
    /// estimate there (a listener who answers at chance) is no measurement.
    public static func text(_ cents: Double) -> String {
        cents > PairSelector.ceilingCents ? ">\u{A0}" + number(PairSelector.ceilingCents) + "\u{A0}¢" : number(cents) + "\u{A0}¢"
    }

    /// `9.8–15 ¢`.
    public static func band(_ band: [Double]) -> String { number(band[0]) + "–" + number(band[1]) + "\u{A0}¢" }
}
