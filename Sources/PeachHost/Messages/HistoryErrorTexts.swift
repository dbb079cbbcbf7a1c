import PeachHistory
import PeachText
import PeachTraining

extension HistoryLineError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .scan(let problem, let column):
            column.map { language.text(.scanColumn, $0, problem.text(in: language)) } ?? problem.text(in: language)
        case .timbreNotStrings: language.text(.lineTimbre)
        case .fieldTwice(let field): language.text(.lineFieldTwice, field)
        case .fieldMissing(let field): language.text(.lineFieldMissing, field)
        case .notNumber(let field): language.text(.lineNotNumber, field)
        case .notWholeNumber(let field): language.text(.lineNotWhole, field)
        case .notString(let field): language.text(.lineNotString, field)
        case .notBool(let field): language.text(.lineNotBool, field)
        case .notPositive(let field, let value): language.text(.answerNotPositive, "\"\(field)\"", value)
        case .version(let version): language.text(.lineVersion, version)
        case .noteOutside(let note): language.text(.lineNoteOutside, note)
        case .nameMismatch(let written, let note, let name): language.text(.lineNameMismatch, written, note, name)
        case .answerWord: language.text(.lineAnswer)
        case .responseNegative: language.text(.lineResponseNegative)
        case .time(let text, let failure): "\"time\" " + (text.map { $0 + " " } ?? "") + failure.text(in: language)
        case .implausible(let problem): problem.text(in: language)
        case .newerSchema(let version): language.text(.historyNewerSchema, version, TrainingAnswer.schemaVersion)
        case .tooLong(let bytes): language.text(.historyLineTooLong, bytes)
        }
    }
}

extension ScanProblem: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .notObject: language.text(.scanNotObject)
        case .expectedCommaOrBrace: language.text(.scanExpectedCommaOrBrace)
        case .expectedKey: language.text(.scanExpectedKey)
        case .expectedColon: language.text(.scanExpectedColon)
        case .lineEnds: language.text(.scanLineEnds)
        case .nested: language.text(.scanNested)
        case .expectedValue: language.text(.scanExpectedValue)
        case .textAfterEnd: language.text(.scanTextAfterEnd)
        case .controlCharacter: language.text(.scanControlCharacter)
        case .stringNotClosed: language.text(.scanStringNotClosed)
        case .minusWithoutDigit: language.text(.scanMinusWithoutDigit)
        case .leadingZero: language.text(.scanLeadingZero)
        case .fractionDigits: language.text(.scanFractionDigits)
        case .exponentDigits: language.text(.scanExponentDigits)
        case .tooLarge: language.text(.scanTooLarge)
        case .stringNotUTF8: language.text(.scanStringNotUTF8)
        case .shortEscape: language.text(.scanShortEscape)
        case .unpairedSurrogate(let scalar): language.text(.scanUnpairedSurrogate, Self.fourHexDigits(scalar))
        case .unknownEscape(let character): language.text(.scanUnknownEscape, character)
        }
    }

    /// As a `\u` escape writes it.
    private static func fourHexDigits(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension UTCTimestamp.ParseFailure: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .layout: language.text(.timeLayout)
        case .noSuchDate: language.text(.timeNoSuchDate)
        case .noSuchTime: language.text(.timeNoSuchTime)
        }
    }
}

extension TrainingDataError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .history(let error): error.text(in: language)
        case .newerSnapshot(let path, let schema): language.text(.snapshotNewerSchema, path, schema, ProfileReport.currentSchema)
        case .unwritableProfile(let error): error.text(in: language)
        }
    }
}

extension HistoryWarning: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .tornTail(let path, let bytes): language.text(.historyTornTail, path, bytes)
        case .damaged(let lines): lines.text(in: language)
        case .snapshotDamaged(let path): language.text(.snapshotDamaged, path)
        case .snapshotMovedAside(let path, let to): language.text(.snapshotMovedAside, path, to)
        case .snapshotNotMovedAside(let path, let error): language.text(.snapshotNotMovedAside, path, error.text(in: language))
        }
    }
}

extension DamagedLines: Worded {
    /// How many a warning names before it only counts the rest.
    public static let named = 3

    /// One warning for every command until the lines are mended: the file,
    /// how many, the first few with their reasons, and where to look.
    public func text(in language: Language) -> String {
        let named = lines.prefix(Self.named).map { language.text(.historyDamagedLine, $0.number, $0.reason.text(in: language)) }
        let rest = count - named.count
        return language.text(.historyDamagedLines, file, count, (named + (rest > 0 ? [language.text(.historyDamagedMore, rest)] : [])).joined(separator: "; "))
    }
}
