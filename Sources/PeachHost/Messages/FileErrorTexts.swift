import PeachFiles
import PeachHistory
import PeachText

extension HistoryError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .noDataDirectory: language.text(.historyNoFolder)
        case .cannotCreateDirectory(let path, let reason): language.text(.historyCannotCreate, path, reason)
        case .fileInTheWay(let path): language.text(.historyCannotCreate, path, language.text(.historyFileInTheWay))
        case .cannotRead(let path, let reason): language.text(.fileCannotRead, path, reason)
        case .cannotWrite(let path, let reason): language.text(.historyCannotWrite, path, reason)
        case .alreadyTraining(let directory): language.text(.historyAlreadyTraining, directory)
        case .invalidAnswer(let problem): language.text(.historyCannotRecord, problem.text(in: language))
        case .symbolicLink(let path): language.text(.historySymbolicLink, path)
        case .notRegularFile(let path): language.text(.historyNotRegularFile, path)
        case .exists(let path): language.text(.fileExists, path)
        case .readOnly(let path): language.text(.fileReadOnly, path)
        }
    }
}

extension AnswerProblem: Worded {
    public func text(in language: Language) -> String {
        // `300`, not `300.0`; a value with decimals keeps every digit, so a
        // file's value and the one expected differ where they are shown to;
        // with a point in either language, as the file writes it.
        func number(_ value: Double) -> String { value.compact(in: .english) }
        return switch self {
        case .notPositive(let field, let value): language.text(.answerNotPositive, field, number(value))
        case .centsNotFinite(let cents): language.text(.answerCents, number(cents))
        case .timeOutside(let time): language.text(.answerTimeOutside, number(time))
        case .responseTime(let seconds): language.text(.answerResponseTime, number(seconds))
        case .referenceOutside(let reference, let lowest, let highest): language.text(.answerReferenceOutside, number(reference), number(lowest), number(highest))
        case .centsOutside(let cents, let ceiling): language.text(.answerCentsOutside, number(cents), number(ceiling))
        case .firstHz(let hz, let note, let reference, let expected): language.text(.answerFirstHz, number(hz), note, number(reference), number(expected))
        case .secondHz(let hz, let cents, let firstHz, let expected): language.text(.answerSecondHz, number(hz), number(cents), number(firstHz), number(expected))
        case .correctMismatch(let correct, let answer, let cents): language.text(.answerCorrectMismatch, String(correct), answer, number(cents))
        case .timeBeforePeach(let time, let earliest):
            language.text(.answerTimeBeforePeach, UTCTimestamp.format(time), UTCTimestamp.format(earliest))
        case .noteSecondsOutside(let seconds, let lowest, let highest):
            language.text(.answerNoteSecondsOutside, number(seconds), number(lowest), number(highest))
        case .sourceEmpty: language.text(.answerSourceEmpty)
        }
    }
}
