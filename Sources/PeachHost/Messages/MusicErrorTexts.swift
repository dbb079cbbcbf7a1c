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
