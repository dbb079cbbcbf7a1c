import PeachGrid
import PeachText

extension ScaleError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .unknown(let name, let known): language.text(.scaleUnknown, name, known.joined(separator: ", "))
        case .empty(let name): language.text(.scaleEmpty, name)
        case .stepOutside(let name, let steps): language.text(.scaleStepOutside, name, steps.map(String.init).joined(separator: " "))
        case .badName(let name, let maxLength): language.text(.scaleBadName, name, maxLength)
        case .unknownRoot(let text): language.text(.scaleUnknownRoot, text)
        case .unknownNote(let text): language.text(.scaleUnknownNote, text)
        }
    }
}

extension PhraseFileError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .file(let error): error.text(in: language)
        case .damaged(let path, let damage): language.text(.phraseDamaged, path, damage.text(in: language))
        }
    }
}

extension PhraseDamage: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .symbolicLink: language.text(.phraseDamageLink)
        case .notRegularFile: language.text(.phraseDamageNotRegular)
        case .tooLarge(let limit): language.text(.phraseDamageTooLarge, limit)
        case .unreadable: language.text(.phraseDamageUnreadable)
        case .field(let name): language.text(.phraseDamageField, name)
        }
    }
}
