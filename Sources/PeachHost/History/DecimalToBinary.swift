/// Correctly rounded conversion of `significand × 10^exponent` to a Double
/// with integer arithmetic only, for the numbers history lines hold (up to 19
/// significant digits, the 17 that round-trip a Double among them). Much
/// faster than strtod; returns nil where it cannot be sure, and the caller
/// then takes the general way.
package enum DecimalToBinary {
    package static func double(significand: UInt64, exponent: Int) -> Double? {
        if significand == 0 { return 0 }
        // Clinger's fast path: both operands exact, so one rounding.
        if significand <= 1 << 53, abs(exponent) <= 22 {
            let exact = Double(significand)
            return exponent < 0 ? exact / powersOfTen[-exponent] : exact * powersOfTen[exponent]
        }
        if exponent >= 0 {
            // An exact integer product, rounded once by the conversion.
            guard exponent <= 38 else { return nil }
            let (product, overflow) = UInt128(significand).multipliedReportingOverflow(by: powers[exponent])
            return overflow ? nil : rounded(product, sticky: false, timesTwoToThe: 0)
        }
        // Division: shift the significand to the top of 128 bits so that the
        // quotient keeps at least 55 bits, then fold a non-zero remainder into
        // its lowest bit (a sticky bit below the rounding position) so that
        // converting the quotient rounds exactly as the true value would.
        guard -exponent <= 21 else { return nil }
        let shift = significand.leadingZeroBitCount + 64
        let (quotient, remainder) = (UInt128(significand) << shift).quotientAndRemainder(dividingBy: powers[-exponent])
        return rounded(quotient, sticky: remainder != 0, timesTwoToThe: -shift)
    }

    /// `value` (plus a little when `sticky`) times 2^`scale`, rounded once to
    /// nearest even. The top 64 bits go through the hardware conversion with
    /// everything below folded into their lowest bit, 10 bits under the
    /// rounding position.
    private static func rounded(_ value: UInt128, sticky: Bool, timesTwoToThe scale: Int) -> Double {
        let leadingZeros = value.leadingZeroBitCount
        let normalised = value << leadingZeros
        let top = UInt64(truncatingIfNeeded: normalised >> 64)
        let below = UInt64(truncatingIfNeeded: normalised) != 0 || sticky
        let approximate = Double(below ? top | 1 : top)
        return Double(sign: .plus, exponent: approximate.exponent + 64 - leadingZeros + scale, significand: approximate.significand)
    }

    private static let powers: [UInt128] = (0...38).map { exponent in
        var value: UInt128 = 1
        for _ in 0..<exponent { value *= 10 }
        return value
    }
    private static let powersOfTen: [Double] = powers.prefix(23).map { Double($0) }
}
