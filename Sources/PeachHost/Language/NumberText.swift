extension Double {
    /// `5` rather than `5.0`, `0.25` as is, with the decimal separator of the
    /// language Peach speaks (`0,25` in German). For people to read, never
    /// for files: JSON and CSV always write `0.25`.
    public var compact: String { compact(in: Language.current) }

    /// `compact` with `language`'s decimal separator.
    public func compact(in language: Language) -> String {
        let text = self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
        let separator = language.decimalSeparator
        return separator == "." ? text : String(text.map { $0 == "." ? separator : $0 })
    }

    /// A frequency in Hz for people to read: to a hundredth (`12543.85`, `440`), as `compact`.
    public func hertz(in language: Language = Language.current) -> String {
        ((self * 100).rounded() / 100).compact(in: language)
    }
}

extension Double {
    /// Exactly `digits` decimals (`440.81`, `-3.0`), with the language's separator:
    /// for readouts whose width should not jump as the value moves. Never `-0.0`.
    public func decimals(_ digits: Int, in language: Language = Language.current) -> String {
        let scale = (0..<digits).reduce(1) { total, _ in total * 10 }
        let scaled = Int((abs(self) * Double(scale)).rounded())
        let sign = self < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % scale)
        return sign + String(scaled / scale) + String(language.decimalSeparator) + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}

extension ClosedRange<Double> {
    /// `0.3 to 3 s` (`0,3 bis 3 s`): a range for people to read, `unit` after a space if any.
    public func said(unit: String, in language: Language = Language.current) -> String {
        language.text(.valueRange, lowerBound.compact(in: language), upperBound.compact(in: language), unit.isEmpty ? "" : " " + unit)
    }
}
