import Glibc

/// A strict reader for one flat JSON object, such as one history line:
/// `{"key": value, ...}` where every value is a string, a number, true,
/// false or null. Reads straight from the bytes without building a tree,
/// so a million lines take well under a second. A nested object or array
/// is only skipped (`skipValue`, for keys the caller does not know: a newer
/// Peach may add them); anything JSON forbids is an error.
///
///     var scanner = FlatJSONScanner(bytes)
///     while let key = try scanner.nextKey() { let value = try scanner.value(); ... }
package struct FlatJSONScanner {
    package enum Value {
        case string(Text)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// A string as it stands in the line, between its quotes; decoded on demand.
    package struct Text {
        package let raw: UnsafeBufferPointer<UInt8>
        package let hasEscapes: Bool

        package init(raw: UnsafeBufferPointer<UInt8>, hasEscapes: Bool) {
            self.raw = raw
            self.hasEscapes = hasEscapes
        }

        /// Whether the string is exactly `literal` (ASCII, no escapes in the literal).
        package func equals(_ literal: StaticString) -> Bool {
            equals(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }

        /// Whether the string, decoded, is exactly these UTF-8 bytes.
        package func equals(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
            if hasEscapes { return (try? decoded()).map { Array($0.utf8) == Array(utf8) } ?? false }
            guard raw.count == utf8.count else { return false }
            for index in raw.indices where raw[index] != utf8[index] { return false }  // short: faster than memcmp
            return true
        }

        package func equals(_ utf8: [UInt8]) -> Bool {
            utf8.withUnsafeBufferPointer { equals($0) }
        }

        /// The string with its escapes resolved, or why it cannot be.
        package func decoded() throws(HistoryLineError) -> String {
            guard hasEscapes else {
                guard let text = String(validating: raw, as: UTF8.self) else { throw .scan(.stringNotUTF8, column: nil) }
                return text
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(raw.count)
            var index = 0
            while index < raw.count {
                let byte = raw[index]
                index += 1
                guard byte == UInt8(ascii: "\\") else { bytes.append(byte); continue }
                let escape = raw[index]  // the scanner guarantees a character after every backslash
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escape)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hexQuad(at: &index)
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < raw.count, raw[index] == UInt8(ascii: "\\"), raw[index + 1] == UInt8(ascii: "u") else {
                            throw .scan(.unpairedSurrogate(scalar), column: nil)
                        }
                        index += 2
                        let low = try hexQuad(at: &index)
                        guard (0xDC00...0xDFFF).contains(low) else { throw .scan(.unpairedSurrogate(scalar), column: nil) }
                        scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw .scan(.unpairedSurrogate(scalar), column: nil)
                    }
                    bytes.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                default:
                    throw .scan(.unknownEscape(Character(Unicode.Scalar(escape))), column: nil)
                }
            }
            guard let text = String(validating: bytes, as: UTF8.self) else { throw .scan(.stringNotUTF8, column: nil) }
            return text
        }

        private func hexQuad(at index: inout Int) throws(HistoryLineError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard index < raw.count, let digit = Self.hexDigit(raw[index]) else { throw .scan(.shortEscape, column: nil) }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        private static func hexDigit(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var state = State.start

    private enum State { case start, afterValue, finished }

    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The next member's key (after its colon), or nil after the closing brace,
    /// when nothing but white space may follow.
    package mutating func nextKey() throws(HistoryLineError) -> Text? {
        skipWhitespace()
        switch state {
        case .start:
            guard peek() == UInt8(ascii: "{") else { throw failure(.notObject) }
            position += 1
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { return try finish() }
        case .afterValue:
            if peek() == UInt8(ascii: "}") { return try finish() }
            guard peek() == UInt8(ascii: ",") else { throw failure(.expectedCommaOrBrace) }
            position += 1
            skipWhitespace()
        case .finished:
            return nil
        }
        guard peek() == UInt8(ascii: "\"") else { throw failure(.expectedKey) }
        let key = try string()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw failure(.expectedColon) }
        position += 1
        state = .afterValue
        return key
    }

    /// The value after the key `nextKey` returned.
    package mutating func value() throws(HistoryLineError) -> Value {
        skipWhitespace()
        guard let next = peek() else { throw failure(.lineEnds) }
        switch next {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "{"), UInt8(ascii: "["): throw failure(.nested)
        default: throw failure(.expectedValue)
        }
    }

    /// Passes over the value after the key `nextKey` returned, whatever it is,
    /// nested objects and arrays included (brackets matched without recursion,
    /// so no depth can exhaust the stack); returns where it stood.
    @discardableResult
    package mutating func skipValue() throws(HistoryLineError) -> Range<Int> {
        skipWhitespace()
        let start = position
        guard let first = peek(), first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            _ = try value()
            return start..<position
        }
        var open: [UInt8] = []  // the closing bracket each open one awaits
        repeat {
            guard let byte = peek() else { throw failure(.lineEnds) }
            switch byte {
            case UInt8(ascii: "{"): open.append(UInt8(ascii: "}")); position += 1
            case UInt8(ascii: "["): open.append(UInt8(ascii: "]")); position += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard byte == open.last else { throw failure(.expectedValue) }
                open.removeLast()
                position += 1
            case UInt8(ascii: "\""): _ = try string()
            default: position += 1  // the scalars inside are not needed, only where the value ends
            }
        } while !open.isEmpty
        return start..<position
    }

    private mutating func finish() throws(HistoryLineError) -> Text? {
        position += 1
        skipWhitespace()
        guard position == bytes.count else { throw failure(.textAfterEnd) }
        state = .finished
        return nil
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { position += 1 }
    }

    /// The problem with the 1-based byte column it refers to.
    private func failure(_ problem: ScanProblem) -> HistoryLineError {
        .scan(problem, column: position + 1)
    }

    private mutating func literal(_ word: StaticString) throws(HistoryLineError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count, memcmp(bytes.baseAddress! + position, word.utf8Start, count) == 0 else {
            throw failure(.expectedValue)
        }
        position += count
    }

    private mutating func string() throws(HistoryLineError) -> Text {
        let start = position + 1  // after the opening quote
        var index = start
        var hasEscapes = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                position = index + 1
                return Text(raw: UnsafeBufferPointer(rebasing: bytes[start..<index]), hasEscapes: hasEscapes)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index += 2  // the escape's letter is checked when the string is decoded
            } else if byte < 0x20 {
                position = index
                throw failure(.controlCharacter)
            } else {
                index += 1
            }
        }
        position = bytes.count
        throw failure(.stringNotClosed)
    }

    /// The value of `text` if it is one JSON number and nothing else, read
    /// exactly as in a history line (for other formats that hold such numbers).
    package static func number(exactly text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes in
            guard !bytes.isEmpty else { return nil }
            var scanner = FlatJSONScanner(bytes)
            guard let value = try? scanner.number(), scanner.position == bytes.count else { return nil }
            return value
        }
    }

    /// A JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
    private mutating func number() throws(HistoryLineError) -> Double {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        let integer = digitRun()
        guard !integer.isEmpty else { throw failure(.minusWithoutDigit) }
        guard integer.count == 1 || bytes[integer.lowerBound] != UInt8(ascii: "0") else {
            position = integer.lowerBound + 1
            throw failure(.leadingZero)
        }
        var fraction = position..<position
        if peek() == UInt8(ascii: ".") {
            position += 1
            fraction = digitRun()
            guard !fraction.isEmpty else { throw failure(.fractionDigits) }
        }
        var decimalExponent = 0
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            let exponentSign = peek() == UInt8(ascii: "-") ? -1 : 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            let digits = digitRun()
            guard !digits.isEmpty else { throw failure(.exponentDigits) }
            for index in digits { decimalExponent = min(decimalExponent * 10 + Int(bytes[index] &- UInt8(ascii: "0")), 100_000) }
            decimalExponent *= exponentSign
        }
        // The first 19 significant digits are gathered exactly; integer digits
        // beyond them scale by ten, fraction digits beyond them are dropped.
        var significand: UInt64 = 0
        var significantDigits = 0
        for index in integer {
            if significantDigits < 19 {
                significand = significand &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))  // below 10^19: no overflow
                if significand != 0 { significantDigits &+= 1 }
            } else {
                significantDigits &+= 1
                decimalExponent &+= 1
            }
        }
        for index in fraction {
            if significantDigits < 19 {
                significand = significand &* 10 &+ UInt64(bytes[index] &- UInt8(ascii: "0"))
                if significand != 0 { significantDigits &+= 1 }
                decimalExponent &-= 1
            } else {
                significantDigits &+= 1
            }
        }
        // Up to 19 significant digits convert exactly with integer arithmetic;
        // anything longer takes the slow, general way.
        let value = (significantDigits <= 19 ? DecimalToBinary.double(significand: significand, exponent: decimalExponent) : nil)
            ?? Self.parseLongNumber(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        guard value.isFinite else { throw failure(.tooLarge) }
        return negative ? -value : value
    }

    /// Skips ASCII digits; returns where they stood.
    private mutating func digitRun() -> Range<Int> {
        let start = position
        while position < bytes.count && bytes[position] &- UInt8(ascii: "0") < 10 { position += 1 }
        return start..<position
    }

    /// Magnitude of an already validated number text (the sign is applied by
    /// the caller), through the standard library's locale-independent strtod.
    private static func parseLongNumber(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        abs(Double(String(decoding: text, as: UTF8.self)) ?? .nan)
    }
}
