import PeachSupport

/// ISO-8601 UTC times in the one form the history uses,
/// `2026-11-21T19:07:00.123Z`, converted with days-from-civil arithmetic
/// (proleptic Gregorian calendar, no leap seconds) instead of a calendar library.
public enum UTCTimestamp {
    /// The times that can be written: 0000-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z.
    package static let writableSeconds: ClosedRange<Double> = -62_167_219_200 ... 253_402_300_799.999

    /// `seconds` since 1970 rounded to the millisecond; the caller keeps it within `writableSeconds`.
    package static func format(_ seconds: Double) -> String {
        let milliseconds = Int64((seconds * 1000).rounded())
        let (days, millisecondOfDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = CivilDays.civil(fromDays: days)
        let secondOfDay = millisecondOfDay / 1000
        var text = [UInt8]()
        text.reserveCapacity(24)
        func digits(_ value: Int64, _ count: Int) {
            var divisor: Int64 = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 {
                text.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        digits(year, 4); text.append(UInt8(ascii: "-")); digits(month, 2); text.append(UInt8(ascii: "-")); digits(day, 2)
        text.append(UInt8(ascii: "T"))
        digits(secondOfDay / 3600, 2); text.append(UInt8(ascii: ":")); digits(secondOfDay / 60 % 60, 2); text.append(UInt8(ascii: ":"))
        digits(secondOfDay % 60, 2); text.append(UInt8(ascii: ".")); digits(millisecondOfDay % 1000, 3)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    /// Seconds since 1970 from `YYYY-MM-DDTHH:MM:SS[.fraction]Z` (1 to 9
    /// fraction digits), or why the text is not such a time.
    package static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Result<Double, ParseFailure> {
        func number(_ start: Int, _ count: Int) -> Int64? {
            guard start + count <= text.count else { return nil }
            var value: Int64 = 0
            for index in start..<start + count {
                let digit = text[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            return value
        }
        func isByte(_ index: Int, _ ascii: Unicode.Scalar) -> Bool { index < text.count && text[index] == UInt8(ascii: ascii) }
        guard let year = number(0, 4), isByte(4, "-"), let month = number(5, 2), isByte(7, "-"), let day = number(8, 2),
              isByte(10, "T"), let hour = number(11, 2), isByte(13, ":"), let minute = number(14, 2), isByte(16, ":"),
              let second = number(17, 2) else { return .failure(.layout) }
        var end = 19
        var fraction: Int64 = 0, fractionDigits = 0
        if isByte(end, ".") {
            end += 1
            while end < text.count, text[end] &- UInt8(ascii: "0") < 10 {
                fraction = fraction * 10 + Int64(text[end] - UInt8(ascii: "0"))
                fractionDigits += 1
                end += 1
            }
            guard (1...9).contains(fractionDigits) else { return .failure(.layout) }
        }
        guard isByte(end, "Z"), end + 1 == text.count else { return .failure(.layout) }
        guard (1...12).contains(month), day >= 1, day <= CivilDays.daysIn(month: month, year: year) else { return .failure(.noSuchDate) }
        guard hour < 24, minute < 60, second < 60 else { return .failure(.noSuchTime) }
        let whole = CivilDays.days(fromCivil: year, month, day) * 86_400 + hour * 3600 + minute * 60 + second
        if fractionDigits <= 3 {
            // Exact to the millisecond: what Peach writes reads back as the same Double.
            for _ in fractionDigits..<3 { fraction *= 10 }
            return .success(Double(whole * 1000 + fraction) / 1000)
        }
        var scale = 1.0
        for _ in 0..<fractionDigits { scale *= 10 }
        return .success(Double(whole) + Double(fraction) / scale)
    }

    /// Why a text is not a time: its layout, a date the calendar lacks, or a time of day that is none.
    public enum ParseFailure: Error, Equatable, Sendable {
        case layout, noSuchDate, noSuchTime
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }
}
