import PeachRecordings
import PeachText

extension RecordingError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .file(let error): error.text(in: language)
        case .nameEmpty: language.text(.recordNameEmpty)
        case .nameHasSlash(let name): language.text(.recordNameSlash, name)
        case .nameStartsWithDot(let name): language.text(.recordNameDot, name)
        case .nameStartsWithDash(let name): language.text(.recordNameDash, name)
        case .nameHasOuterSpace(let name): language.text(.recordNameOuterSpace, name)
        case .nameTooLong(let name, let bytes, let limit): language.text(.recordNameTooLong, name.count > 40 ? name.prefix(39) + "…" : name, bytes, limit)
        case .nameHasControlCharacter(let name): language.text(.recordNameControl, name.debugDescription.dropFirst().dropLast())
        case .nameTaken(let name): language.text(.recordNameTaken, name)
        case .nothingRecorded(let name): language.text(.recordNothingRecorded, name)
        case .exportExists(let path): language.text(.fileExists, path)
        case .cannotWrite(let path, let reason): language.text(.recordCannotWrite, path, reason)
        case .cannotRead(let path, let reason): language.text(.recordCannotRead, path, reason)
        case .diskFull(let path, let seconds): language.text(.recordDiskFull, path, TakeLength.text(seconds))
        case .damaged(let path, let damage): language.text(.recordDamaged, path, damage.text(in: language))
        }
    }
}

extension TakeDamage: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .symbolicLink: language.text(.damageSymbolicLink)
        case .notRegularFile: language.text(.damageNotRegular)
        case .notATake: language.text(.damageNotATake)
        case .unreadable(let reason): language.text(.damageUnreadable, reason)
        case .empty: language.text(.damageEmpty)
        case .truncated(let declared): language.text(.damageTruncated, declared)
        }
    }
}
