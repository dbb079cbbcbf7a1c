import PeachMusic
import PeachText

extension NoteParseError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .malformed(let text): language.text(.noteMalformed, text)
        case .outOfRange(let text): language.text(.noteOutOfRange, text)
        }
    }
}

extension TranspositionParseError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .unknown(let text): language.text(.transpositionUnknown, text)
        case .outside(let text, let allowed): language.text(.transpositionOutside, text, allowed.lowerBound, allowed.upperBound)
        }
    }
}

extension ScalaParseError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .empty: language.text(.scalaEmpty)
        case .noCount(let line): language.text(.scalaNoCount, line)
        case .missingDegrees(let expected, let found): language.text(.scalaMissingDegrees, expected, found)
        case .badPitch(let line, let text): language.text(.scalaBadPitch, line, text.trimmingWhitespace())
        }
    }
}

extension TemperamentError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .notTwelve(let count): language.text(.temperamentNotTwelve, count)
        case .periodNotOctave(let cents): language.text(.temperamentPeriodNotOctave, Self.cents(cents, in: language))
        case .tooFarFromKey(let degree, let cents): language.text(.temperamentTooFarFromKey, degree + 1, Self.cents(cents, in: language))
        }
    }

    /// To a thousandth, as Scala files give cents (`1901.955`, `560`).
    private static func cents(_ value: Double, in language: Language) -> String {
        ((value * 1000).rounded() / 1000).compact(in: language)
    }
}
