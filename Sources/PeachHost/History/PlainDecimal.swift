/// Numbers for the history's JSON: the fewest digits that read back as the
/// same Double (so 0.1-cent differences between frequencies survive exactly),
/// always as a plain decimal, never in exponent form: `261.6255653005986`,
/// `440.0`, `-0.3`, `0.00001`.
package enum PlainDecimal {
    /// `value` must be finite.
    package static func text(_ value: Double) -> String {
        let shortest = value.description
        guard shortest.utf8.contains(UInt8(ascii: "e")) else { return shortest }  // the usual case, found without walking Characters
        guard let e = shortest.firstIndex(of: "e"), let exponent = Int(shortest[shortest.index(after: e)...]) else { return shortest }
        var mantissa = shortest[..<e]
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        if !sign.isEmpty { mantissa = mantissa.dropFirst() }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let digits = parts.joined()
        let point = parts[0].count + exponent
        if point <= 0 { return sign + "0." + String(repeating: "0", count: -point) + digits }
        if point >= digits.count { return sign + digits + String(repeating: "0", count: point - digits.count) + ".0" }
        return sign + digits.prefix(point) + "." + digits.dropFirst(point)
    }
}
