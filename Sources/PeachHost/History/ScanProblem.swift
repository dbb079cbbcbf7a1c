/// What the flat JSON scanner of history lines found wrong.
public enum ScanProblem: Equatable, Sendable {
    case notObject, expectedCommaOrBrace, expectedKey, expectedColon, lineEnds, nested, expectedValue, textAfterEnd
    case controlCharacter, stringNotClosed, minusWithoutDigit, leadingZero, fractionDigits, exponentDigits, tooLarge
    case stringNotUTF8, shortEscape
    /// A `\u` escape of a surrogate without its other half.
    case unpairedSurrogate(UInt32)
    case unknownEscape(Character)
}
