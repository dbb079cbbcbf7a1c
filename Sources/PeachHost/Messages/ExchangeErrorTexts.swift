import PeachExchange
import PeachHistory
import PeachText

extension ImportError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .history(let error): error.text(in: language)
        case .malformed(let file, let line, let reason): language.text(.importMalformed, named(file, in: language), line, reason.text(in: language))
        case .empty(let file): language.text(.importEmpty, named(file, in: language))
        case .fromTheFuture(let file, let answer, let time):
            language.text(.importFromTheFuture, named(file, in: language), answer, UTCTimestamp.format(time))
        }
    }

    /// `-` is standard input.
    private func named(_ file: String, in language: Language) -> String {
        file == "-" ? language.text(.standardInput) : file
    }
}

extension ImportError.Reason: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .jsonLine(let error): error.text(in: language)
        case .csv(let problem): problem.text(in: language)
        }
    }
}

extension CSVProblem: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .quoteNeverClosed: language.text(.csvQuoteNeverClosed)
        case .strayQuote: language.text(.csvStrayQuote)
        case .notUTF8: language.text(.csvNotUTF8)
        case .strayCarriageReturn: language.text(.csvStrayCarriageReturn)
        case .textAfterQuote: language.text(.csvTextAfterQuote)
        case .columnTwice(let column): language.text(.csvColumnTwice, column)
        case .noColumn(let column, let required): language.text(.csvNoColumn, column, required.joined(separator: ","))
        case .semicolons: language.text(.csvSemicolons)
        case .tooFewFields(let count, let width): language.text(.csvTooFewFields, count, width)
        case .notNumber(let column, let value): language.text(.csvNotNumber, column, value)
        case .notPositive(let column, let value): language.text(.answerNotPositive, column, value)
        case .timestamp(let value, let failure): "timestamp \"\(value)\" \(failure.text(in: language))"
        case .key(let value): language.text(.csvKey, value)
        case .noteMismatch(let value, let key, let name): language.text(.csvNoteMismatch, value, key, name)
        case .answer(let value): language.text(.csvAnswer, value)
        case .correct(let value): language.text(.csvCorrect, value)
        case .response(let value): language.text(.csvResponse, value)
        case .timbre(let error): error.text(in: language)
        case .implausible(let problem): problem.text(in: language)
        }
    }
}

extension HistoryImport.Outcome {
    /// The warnings to show: the history's, and a snapshot left stale.
    public func warnings(in language: Language) -> [String] {
        warnings.map { $0.text(in: language) } + (staleSnapshot.map { [language.text(.importSnapshotStale, $0.text(in: language))] } ?? [])
    }
}
