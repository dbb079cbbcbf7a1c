import ArgumentParser
import PeachSupport
import PeachText

/// A number on the command line as a display shows it: with its unit or
/// without (`442`, `442Hz`, `1.5 s`, `500ms`, `-5 cents`, `-5¢`, `120 BPM`, `10%`),
/// a decimal comma too. What is not a finite number (`nan`, `inf`, `2 kHz`)
/// is refused by the parser with the units it takes, before any range check.
struct NumberArgument: Sendable {
    /// A way to write the unit and what a number written with it is in the option's own unit.
    struct Unit: Sendable {
        let symbol: String
        let factor: Double
    }

    /// Tried in order, so a symbol that ends another (`s` of `ms`) comes after it.
    let units: [Unit]

    static let plain = NumberArgument(units: [])
    static let hertz = NumberArgument(units: [Unit(symbol: "Hz", factor: 1)])
    static let seconds = NumberArgument(units: [Unit(symbol: "ms", factor: 0.001), Unit(symbol: "min", factor: 60), Unit(symbol: "s", factor: 1)])
    /// The cent sign too, as Peach prints cents (`5¢`).
    static let cents = NumberArgument(units: [Unit(symbol: "cents", factor: 1), Unit(symbol: "cent", factor: 1), Unit(symbol: "ct", factor: 1),
                                              Unit(symbol: "¢", factor: 1)])
    static let percent = NumberArgument(units: [Unit(symbol: "%", factor: 1)])
    static let tempo = NumberArgument(units: [Unit(symbol: "bpm", factor: 1)])

    /// The number `text` writes, in the option's unit.
    func read(_ typed: String) throws(NotANumber) -> Double {
        // `'1s '` as `' 1s'`.
        guard let number = typed.trimmingWhitespace().writtenNumber(units: units.map { ($0.symbol, $0.factor) }) else {
            throw NotANumber(units: units.map(\.symbol))
        }
        return number
    }

    /// For `@Option(transform:)`.
    var transform: @Sendable (String) throws -> Double { { text in try read(text) } }

    /// Said after the parser's "The value 'x' is invalid for '--option <unit>'".
    struct NotANumber: Error, CustomStringConvertible {
        let units: [String]

        var description: String {
            units.isEmpty ? localized(.argumentNotANumber) : localized(.argumentNotANumberWithUnit, units.joined(separator: ", "))
        }
    }
}
