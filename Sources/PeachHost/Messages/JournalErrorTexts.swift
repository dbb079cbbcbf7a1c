import PeachJournal
import PeachText

extension JournalError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .noSuchDate(let text): language.text(.journalNoSuchDate, text)
        case .noSuchMonth(let text): language.text(.journalNoSuchMonth, text)
        case .noSuchTime(let text): language.text(.journalNoSuchTime, text)
        case .badTakeName(let name): language.text(.journalBadTakeName, name)
        case .emptyEntry: language.text(.journalEmptyEntry)
        case .notText(let path, let line): language.text(.journalNotText, path, line)
        case .tooLarge(let path, let bytes, let limit): language.text(.journalTooLarge, path, bytes, limit)
        case .wouldBeTooLarge(let path, let bytes, let limit): language.text(.journalWouldBeTooLarge, path, bytes, limit)
        case .badHeading(let path, let line, let text): language.text(.journalBadHeading, path, line, text)
        case .textBeforeFirstEntry(let path, let line): language.text(.journalTextBeforeFirstEntry, path, line)
        case .conflictCopy(let path, let day): language.text(.journalConflictCopy, path, day)
        case .changedMeanwhile(let path, nil): language.text(.journalChangedMeanwhile, path)
        case .changedMeanwhile(let path, let kept?): language.text(.journalChangedMeanwhileKept, path, kept)
        case .noNotes(let date): language.text(.journalNoNotes, date)
        case .noSuchEntry(let date, let number, let count): language.text(.journalNoSuchEntry, date, number, count)
        case .nothingInTrash(let date): language.text(.journalNothingInTrash, date)
        case .file(let error): error.text(in: language)
        case .notSaved(let error, let kept): language.text(.journalNotSavedKept, error.text(in: language), kept)
        }
    }
}
