/// Numbers five rows tall, to read the beat from a music stand.
enum BigDigits {
    private static let glyphs: [[String]] = [
        ["████", "█  █", "█  █", "█  █", "████"], ["  █ ", " ██ ", "  █ ", "  █ ", " ███"],
        ["████", "   █", "████", "█   ", "████"], ["████", "   █", " ███", "   █", "████"],
        ["█  █", "█  █", "████", "   █", "   █"], ["████", "█   ", "████", "   █", "████"],
        ["████", "█   ", "████", "█  █", "████"], ["████", "   █", "  █ ", " █  ", " █  "],
        ["████", "█  █", "████", "█  █", "████"], ["████", "█  █", "████", "   █", "████"],
    ]

    /// `number`'s digits side by side, five rows.
    static func rows(_ number: Int) -> [String] {
        let digits = String(number).compactMap(\.wholeNumberValue)
        return (0..<5).map { row in digits.map { glyphs[$0][row] }.joined(separator: " ") }
    }
}
