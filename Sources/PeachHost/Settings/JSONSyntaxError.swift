/// Where a JSON text first breaks the grammar, for an error that points at
/// the line. Foundation's decoder only says "not valid JSON"; this walks the
/// text once, and only when that has happened.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var problem: String

    public var description: String { localized(.jsonAt, line, column, problem) }

    /// The first error in `bytes`, or nil if it is valid JSON.
    public static func find(in bytes: [UInt8]) -> JSONSyntaxError? {
        var scanner = Scanner(bytes: bytes)
        do throws(JSONSyntaxError) {
            try scanner.value()
            scanner.skipSpace()
            if scanner.index < bytes.count { throw scanner.error(localized(.jsonTextAfterEnd)) }
            return nil
        } catch {
            return error
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        func error(_ problem: String) -> JSONSyntaxError {
            let before = bytes[..<min(index, bytes.count)]
            let line = before.filter { $0 == 0x0A }.count + 1
            let column = index - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            return JSONSyntaxError(line: line, column: column, problem: problem)
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ byte: UInt8, _ problem: String) throws(JSONSyntaxError) {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { throw error(problem) }
            index += 1
        }

        mutating func value() throws(JSONSyntaxError) {
            skipSpace()
            guard index < bytes.count else { throw error(localized(.jsonEndsInValue)) }
            switch bytes[index] {
            case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), keyed: true)
            case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), keyed: false)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try word("true")
            case UInt8(ascii: "f"): try word("false")
            case UInt8(ascii: "n"): try word("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): number()
            default: throw error(localized(.jsonUnexpectedCharacter, Character(Unicode.Scalar(bytes[index]))))
            }
        }

        mutating func container(close: UInt8, keyed: Bool) throws(JSONSyntaxError) {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == close { index += 1; return }
            while true {
                if keyed {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error(localized(.jsonExpectedKey)) }
                    try string()
                    try expect(UInt8(ascii: ":"), localized(.jsonExpectedColon))
                }
                try value()
                skipSpace()
                guard index < bytes.count else { throw error(localized(keyed ? .jsonEndsInObject : .jsonEndsInList)) }
                if bytes[index] == close { index += 1; return }
                guard bytes[index] == UInt8(ascii: ",") else { throw error(localized(.jsonExpectedCommaOr, Character(Unicode.Scalar(close)))) }
                index += 1
            }
        }

        mutating func string() throws(JSONSyntaxError) {
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""): index += 1; return
                case UInt8(ascii: "\\"): index += 2
                case ..<0x20: throw error(localized(.jsonControlCharacter))
                default: index += 1
                }
            }
            throw error(localized(.jsonEndsInString))
        }

        mutating func word(_ text: String) throws(JSONSyntaxError) {
            let expected = Array(text.utf8)
            guard bytes[index...].starts(with: expected) else { throw error(localized(.jsonExpectedWord, text)) }
            index += expected.count
        }

        mutating func number() {
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        }
    }
}
