import PeachFiles
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
        }
    }
}

extension AnswerProblem: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .notPositive(let field, let value): language.text(.answerNotPositive, field, value)
        case .centsNotFinite(let cents): language.text(.answerCents, cents)
        case .timeOutside(let time): language.text(.answerTimeOutside, time)
        case .responseTime(let seconds): language.text(.answerResponseTime, seconds)
        case .referenceOutside(let reference, let lowest, let highest): language.text(.answerReferenceOutside, reference, lowest, highest)
        case .centsOutside(let cents, let ceiling): language.text(.answerCentsOutside, cents, ceiling)
        case .firstHz(let hz, let note, let reference, let expected): language.text(.answerFirstHz, hz, note, reference, expected)
        case .secondHz(let hz, let cents, let firstHz, let expected): language.text(.answerSecondHz, hz, cents, firstHz, expected)
        case .correctMismatch(let correct, let answer, let cents): language.text(.answerCorrectMismatch, String(correct), answer, cents)
        }
    }
}
