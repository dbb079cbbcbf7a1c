import PeachText
/// Where and why a settings file is not JSON Peach can read: the line and
/// column, the top-level key whose value holds the problem (if any), and the
/// problem itself as data; the words are made in `description`.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case endsInValue, endsInObject, endsInList, endsInString, expectedKey, expectedColon, controlCharacter, textAfterEnd
        case unexpectedCharacter(Character)
        case expectedCommaOr(Character)
        case expectedWord(String)
        /// Bytes that are not UTF-8 text.
        case notUTF8(byte: UInt8)
        /// Objects and lists nested deeper than `JSONReader.maximumDepth`.
        case tooDeep(limit: Int)
        case duplicateKey(String, firstLine: Int)
        /// A number beyond what a double holds, such as 1e400.
        case numberTooLarge(String)
        case badNumber(String)
        /// An escape or surrogate that does not make text; the reason in words.
        case badString(String)
    }

    public var line: Int
    public var column: Int
    /// The top-level key whose value the problem is in.
    public var key: String?
    public var problem: Problem

    public var description: String {
        let place = localized(.jsonAt, line, column, key.map { localized(.jsonInKey, $0) } ?? "")
        return place + ": " + problemText
    }

    private var problemText: String {
        switch problem {
        case .endsInValue: localized(.jsonEndsInValue)
        case .endsInObject: localized(.jsonEndsInObject)
        case .endsInList: localized(.jsonEndsInList)
        case .endsInString: localized(.jsonEndsInString)
        case .expectedKey: localized(.jsonExpectedKey)
        case .expectedColon: localized(.jsonExpectedColon)
        case .controlCharacter: localized(.jsonControlCharacter)
        case .textAfterEnd: localized(.jsonTextAfterEnd)
        case .unexpectedCharacter(let character): localized(.jsonUnexpectedCharacter, character)
        case .expectedCommaOr(let close): localized(.jsonExpectedCommaOr, close)
        case .expectedWord(let word): localized(.jsonExpectedWord, word)
        case .notUTF8(let byte): localized(.jsonNotUTF8, String(byte, radix: 16, uppercase: true))
        case .tooDeep(let limit): localized(.jsonTooDeep, limit)
        case .duplicateKey(let key, let firstLine): localized(.jsonDuplicateKey, key, firstLine)
        case .numberTooLarge(let text): localized(.jsonNumberTooLarge, text)
        case .badNumber(let text): localized(.jsonBadNumber, text)
        case .badString(let reason): reason
        }
    }
}
