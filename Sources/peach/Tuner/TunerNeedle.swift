/// The tuner's needle: a scale from −50 to +50 cents across a row, the
/// in-tune zone marked around its centre, and the needle where the pitch is.
/// The shapes say everything; colour, added by the screen, only repeats it.
struct TunerNeedle {
    /// Columns of the scale: odd, so 0 cents has a column of its own.
    let width: Int
    let tolerance: Double
    let unicode: Bool

    static let span = 50.0

    init(columns: Int, tolerance: Double, unicode: Bool) {
        let fitting = max(21, min(101, columns - 4))
        width = fitting.isMultiple(of: 2) ? fitting - 1 : fitting
        self.tolerance = tolerance
        self.unicode = unicode
    }

    /// The column of `cents` on the scale, 0 at −50 and `width − 1` at +50 (clamped).
    func column(_ cents: Double) -> Int {
        let position = (min(max(cents, -Self.span), Self.span) + Self.span) / (2 * Self.span)
        return Int((position * Double(width - 1)).rounded())
    }

    /// The scale with the needle at `cents`, or without one (nothing heard).
    func row(cents: Double?) -> String {
        let centre = width / 2
        let zone = max(column(-tolerance), 0)...min(column(tolerance), width - 1)
        let ticks = Set([-50.0, -25, 25, 50].map(column))
        let needle = cents.map(column)
        let characters = (0..<width).map { index -> String in
            if index == needle { return unicode ? "█" : "#" }
            if index == centre { return unicode ? "┃" : "|" }
            if zone.contains(index) { return unicode ? "═" : "=" }
            if ticks.contains(index) { return unicode ? "┼" : "+" }
            return unicode ? "─" : "-"
        }
        return characters.joined()
    }

    /// The labels under the scale: −50, −25, 0, +25, +50 at their ticks.
    func labels() -> String {
        var row = [Character](repeating: " ", count: width + 2)
        for (cents, label) in [(-50.0, "-50"), (-25, "-25"), (0, "0"), (25, "+25"), (50, "+50")] {
            let start = min(max(column(cents) - label.count / 2, 0), row.count - label.count)
            for (offset, character) in label.enumerated() { row[start + offset] = character }
        }
        return String(row)
    }
}
