import PeachHistory

/// Where and why a settings file is not JSON Peach can read: the line and
/// column, the top-level key whose value holds the problem (if any), and the
/// problem itself as data; `PeachMessages` words it.
public struct JSONSyntaxError: Error, Equatable, Sendable {
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
        /// An escape or surrogate that does not make text.
        case badString(HistoryLineError)
    }

    public var line: Int
    public var column: Int
    /// The top-level key whose value the problem is in.
    public var key: String?
    public var problem: Problem

}
