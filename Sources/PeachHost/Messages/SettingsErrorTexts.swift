import PeachSettings
import PeachSupport
import PeachText

extension SettingsError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .noConfigDirectory: language.text(.settingsNoFolder)
        // A file error names the path itself.
        case .cannotRead(_, .file(let error)): error.text(in: language)
        case .cannotRead(let path, let reason): language.text(.fileCannotRead, path, reason.text(in: language))
        case .malformed(let path, let syntax): language.text(.settingsMalformed, path, syntax.text(in: language))
        case .notAnObject(let path): language.text(.settingsNotObject, path)
        case .tooLarge(let path, let bytes, let limit): language.text(.settingsTooLarge, path, bytes, limit)
        case .invalid(let path, let line, let key, let reason): invalid(path, line, key, reason.text(in: language), reset: key, in: language)
        // The sources' options are reset as `option`, the word `settings` takes for them.
        case .badSourceOptions(let path, let line, let key):
            invalid(path, line, key, language.text(.settingsBadSourceOptions), reset: "option", in: language)
        case .notASection(let path, let line, let key): invalid(path, line, key, language.text(.settingsNotASection), reset: nil, in: language)
        case .invalidValue(let key, let reason): language.text(.settingsInvalidValue, key, reason.text(in: language))
        case .unknownKey(let key): language.text(.settingsUnknownKey, key, Setting.all.map(\.key).joined(separator: ", "))
        case .cannotWrite(let path, let reason): language.text(.settingsCannotWrite, path, reason.text(in: language))
        case .unknownDevice(let name, let direction, let known):
            language.text(direction == .output ? .settingsUnknownDevice : .settingsUnknownInputDevice, name, known.joined(separator: ", "))
        }
    }

    /// `reset`: the word `peach settings reset` mends it with, if there is one.
    private func invalid(_ path: String, _ line: Int?, _ key: String, _ reason: String, reset: String?, in language: Language) -> String {
        let at = line.map { " \(language.text(.jsonLine, $0))" } ?? ""
        guard let reset else { return language.text(.settingsInvalidByHand, path, at, key, reason) }
        return language.text(.settingsInvalid, path, at, key, reason, reset)
    }
}

extension SettingsError.Reason: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .system(let words): words
        case .file(let error): error.text(in: language)
        case .cannotEncode: language.text(.settingsCannotEncode)
        }
    }
}

extension SettingProblem: Worded {
    public func text(in language: Language) -> String {
        func spaced(_ unit: String) -> String { unit.isEmpty ? "" : " " + unit }
        return switch self {
        case .outside(let number, let range, let unit):
            language.text(.checkOutside, number.compact(in: language), range.said(unit: unit, in: language))
        case .notMultiple(let number, let step, let unit):
            language.text(.checkNotMultiple, number.compact(in: language), step.compact(in: language), spaced(unit))
        case .range(let error): error.text(in: language)
        case .deviceUnsafe(let name): language.text(.checkDeviceUnsafe, name)
        case .notOneOf(let text, let choices): language.text(.checkNotOneOf, text, choices.joined(separator: ", "))
        case .expectedNumber(let value): language.text(.checkExpectedNumber, value.kindName(in: language))
        case .expectedBool(let value): language.text(.checkExpectedBool, value.kindName(in: language), SwitchWords.listed)
        case .expectedText(let value): language.text(.checkExpectedText, value.kindName(in: language))
        }
    }
}

extension JSONSyntaxError: Worded {
    public func text(in language: Language) -> String {
        let place = language.text(.jsonAt, line, column, key.map { language.text(.jsonInKey, $0) } ?? "")
        let problem = switch problem {
        case .endsInValue: language.text(.jsonEndsInValue)
        case .endsInObject: language.text(.jsonEndsInObject)
        case .endsInList: language.text(.jsonEndsInList)
        case .endsInString: language.text(.jsonEndsInString)
        case .expectedKey: language.text(.jsonExpectedKey)
        case .expectedColon: language.text(.jsonExpectedColon)
        case .controlCharacter: language.text(.jsonControlCharacter)
        case .textAfterEnd: language.text(.jsonTextAfterEnd)
        case .unexpectedCharacter(let character): language.text(.jsonUnexpectedCharacter, character)
        case .expectedCommaOr(let close): language.text(.jsonExpectedCommaOr, close)
        case .expectedWord(let word): language.text(.jsonExpectedWord, word)
        case .notUTF8(let byte): language.text(.jsonNotUTF8, String(byte, radix: 16, uppercase: true))
        case .tooDeep(let limit): language.text(.jsonTooDeep, limit)
        case .duplicateKey(let key, let firstLine): language.text(.jsonDuplicateKey, key, firstLine)
        case .numberTooLarge(let text): language.text(.jsonNumberTooLarge, text)
        case .badNumber(let text): language.text(.jsonBadNumber, text)
        case .badString(let error): error.text(in: language)
        }
        return place + ": " + problem
    }
}

extension JSONValue {
    /// What kind of value it is, for error messages; text as written (its
    /// first 40 characters), so that a word typed or found is named.
    func kindName(in language: Language) -> String {
        switch self {
        case .null: "null"
        case .bool: language.text(.kindBool)
        case .number: language.text(.kindNumber)
        case .string(let text): language.text(.kindText, text.count > 40 ? text.prefix(39) + "…" : text)
        case .array: language.text(.kindList)
        case .object: language.text(.kindObject)
        }
    }
}
