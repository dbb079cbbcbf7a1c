import PeachHistory
/// A strict reader for a settings file: the whole JSON value, the line of
/// each top-level key, and for anything wrong a `JSONSyntaxError` with line,
/// column and key. Iterative with a bounded depth, so no file can exhaust
/// the stack; duplicate keys, numbers a double cannot hold and bytes that
/// are not UTF-8 are errors, not guesses. Strings and numbers are read as
/// history lines read them (`FlatJSONScanner`).
package struct JSONReader {
    /// The deepest nesting read; Peach's own settings nest three levels.
    package static let maximumDepth = 64

    package struct Document {
        var value: JSONValue
        /// The 1-based line of each top-level key.
        var keyLines: [String: Int]
    }

    /// An object or list being read, with what it holds so far.
    private enum Open {
        case object([String: JSONValue], lines: [String: Int], pendingKey: String)
        case list([JSONValue])
    }

    package static func read(_ bytes: [UInt8]) throws(JSONSyntaxError) -> Document {
        try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in
                var reader = JSONReader(bytes: buffer)
                return try reader.document()
            }
        }.get()
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var open: [Open] = []
    private var topLevelLines: [String: Int] = [:]
    /// Lines counted so far, up to `countedTo`: keys come in order, so counting goes on from there.
    private var countedLine = 1, countedTo = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func document() throws(JSONSyntaxError) -> Document {
        var value = try valueOrOpening()
        while true {
            guard let container = open.last else { break }
            add(value, to: &open[open.count - 1])
            // Between top-level members a problem is in no key's value.
            if open.count == 1, case .object(let members, let lines, _) = open[0] { open[0] = .object(members, lines: lines, pendingKey: "") }
            skipSpace()
            let keyed = if case .object = container { true } else { false }
            guard index < bytes.count else { throw error(keyed ? .endsInObject : .endsInList) }
            let close = UInt8(ascii: keyed ? "}" : "]")
            if bytes[index] == close {
                index += 1
                value = finished(open.removeLast())
                continue
            }
            guard bytes[index] == UInt8(ascii: ",") else { throw error(.expectedCommaOr(Character(Unicode.Scalar(close)))) }
            index += 1
            if keyed { try key() }
            value = try valueOrOpening()
        }
        skipSpace()
        if index < bytes.count { throw error(.textAfterEnd) }
        return Document(value: value, keyLines: topLevelLines)
    }

    /// A value; an opening bracket instead pushes its container and reads on
    /// into it until a value (a scalar or an empty container) is complete.
    private mutating func valueOrOpening() throws(JSONSyntaxError) -> JSONValue {
        while true {
            skipSpace()
            guard index < bytes.count else { throw error(.endsInValue) }
            let byte = bytes[index]
            guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else { return try scalar() }
            guard open.count < Self.maximumDepth else { throw error(.tooDeep(limit: Self.maximumDepth)) }
            index += 1
            skipSpace()
            if byte == UInt8(ascii: "{") {
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([:]) }
                open.append(.object([:], lines: [:], pendingKey: ""))
                try key()
            } else {
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
                open.append(.list([]))
            }
        }
    }

    /// A key and its colon, for the innermost object; a key seen before there is an error.
    private mutating func key() throws(JSONSyntaxError) {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error(.expectedKey) }
        guard case .object(let members, var lines, _) = open[open.count - 1] else { return }
        let line = countLines(to: index)
        let start = index
        let name = try string()
        if let first = lines[name] {
            index = start
            throw error(.duplicateKey(name, firstLine: first))
        }
        lines[name] = line
        if open.count == 1 { topLevelLines[name] = line }
        open[open.count - 1] = .object(members, lines: lines, pendingKey: name)
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error(.expectedColon) }
        index += 1
    }

    private func add(_ value: JSONValue, to container: inout Open) {
        switch container {
        case .object(var members, let lines, let key):
            members[key] = value
            container = .object(members, lines: lines, pendingKey: key)
        case .list(var items):
            items.append(value)
            container = .list(items)
        }
    }

    private func finished(_ container: Open) -> JSONValue {
        switch container {
        case .object(let members, _, _): .object(members)
        case .list(let items): .array(items)
        }
    }

    private mutating func scalar() throws(JSONSyntaxError) -> JSONValue {
        switch bytes[index] {
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try word("true"); return .bool(true)
        case UInt8(ascii: "f"): try word("false"); return .bool(false)
        case UInt8(ascii: "n"): try word("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default:
            let next = UnsafeBufferPointer(rebasing: bytes[index..<min(index + 4, bytes.count)])
            if Self.firstInvalidUTF8(next) == 0 { throw error(.notUTF8(byte: bytes[index])) }
            throw error(.unexpectedCharacter(String(decoding: next, as: UTF8.self).first ?? "?"))
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1
        var hasEscapes = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let raw = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<index])
                if let bad = Self.firstInvalidUTF8(raw) {
                    index = start + 1 + bad
                    throw error(.notUTF8(byte: bytes[index]))
                }
                index += 1
                let text = FlatJSONScanner.Text(raw: raw, hasEscapes: hasEscapes)
                do { return try text.decoded() } catch {
                    index = start
                    throw self.error(.badString(error))
                }
            case UInt8(ascii: "\\"): hasEscapes = true; index += 2
            case ..<0x20: throw error(.controlCharacter)
            default: index += 1
            }
        }
        throw error(.endsInString)
    }

    private mutating func word(_ text: String) throws(JSONSyntaxError) {
        let expected = Array(text.utf8)
        guard bytes[index...].starts(with: expected) else { throw error(.expectedWord(text)) }
        index += expected.count
    }

    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let value = FlatJSONScanner.number(exactly: text) { return value }
        index = start
        throw error((Double(text)?.isInfinite ?? false) ? .numberTooLarge(text) : .badNumber(text))
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// The line of `position`, at or after the last position counted.
    private mutating func countLines(to position: Int) -> Int {
        while countedTo < position {
            if bytes[countedTo] == 0x0A { countedLine += 1 }
            countedTo += 1
        }
        return countedLine
    }

    /// The error at the current position, in the top-level key being read.
    private func error(_ problem: JSONSyntaxError.Problem) -> JSONSyntaxError {
        let before = bytes[..<min(index, bytes.count)]
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        var key: String?
        if case .object(_, _, let pending)? = open.first, !pending.isEmpty { key = pending }
        let line = before.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        return JSONSyntaxError(line: line, column: index - lineStart + 1, key: key, problem: problem)
    }

    /// The offset of the first byte that does not belong to valid UTF-8, if any.
    private static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
