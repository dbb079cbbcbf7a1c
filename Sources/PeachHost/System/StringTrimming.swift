extension String {
    /// Without leading and trailing white space.
    public func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Without `unit` at its end, in any case, nor the space before it
    /// (`442 Hz`, `120bpm`): a number as a person writes it with its unit.
    public func droppingUnit(_ unit: String) -> String {
        guard !unit.isEmpty, lowercased().hasSuffix(unit.lowercased()) else { return self }
        return String(dropLast(unit.count)).trimmingWhitespace()
    }

    /// The finite decimal number this text writes, a decimal comma read as a
    /// point (`442,5`) as German writes it; nil for anything else: `nan`,
    /// `inf`, and hexadecimal (`0x1B8`, which Swift would read as 440).
    public var writtenNumber: Double? {
        guard allSatisfy({ "0123456789.,+-eE".contains($0) }),
              let number = Double(self) ?? Double(String(map { $0 == "," ? "." : $0 })), number.isFinite else { return nil }
        return number
    }

    /// The number this text writes alone or with one of `units` (`800ms`,
    /// `442 Hz`), in the unit whose factor is 1. Units are tried in order, so
    /// one that ends another (`s` of `ms`) comes after it.
    public func writtenNumber(units: [(symbol: String, factor: Double)]) -> Double? {
        if let number = writtenNumber { return number }
        for unit in units {
            let number = droppingUnit(unit.symbol)
            if number != self, let value = number.writtenNumber { return value * unit.factor }
        }
        return nil
    }
}
