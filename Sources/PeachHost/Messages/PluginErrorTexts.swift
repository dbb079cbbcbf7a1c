import PeachAudio
import PeachSupport
import PeachText

extension PluginRejection: Worded {
    /// `path (source): reason`.
    public func text(in language: Language) -> String {
        "\(path)\(sourceID.map { " (\($0))" } ?? ""): \(reason.text(in: language))"
    }
}

extension PluginRejection.Reason: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .cannotLoad(let words): language.text(.pluginCannotLoad, words ?? language.text(.pluginUnknownLoadError))
        case .noEntry(let symbol, let major): language.text(.pluginNoEntry, symbol, major)
        case .entryNull(let symbol, let major, let minor): language.text(.pluginEntryNull, symbol, major, minor)
        case .wrongABI(let major, let minor, let expected): language.text(.pluginWrongABI, major, minor, expected)
        case .entryTooSmall(let size, let expected): language.text(.pluginEntryTooSmall, size, expected)
        case .entryLacks(let missing): language.text(missing.count > 1 ? .pluginEntryLacksMany : .pluginEntryLacksOne, missing.joined(separator: ", "))
        case .noSources: language.text(.pluginNoSources)
        case .tooManySources(let count): language.text(.pluginTooManySources, count)
        case .duplicateID(let id): language.text(.pluginDuplicateID, id)
        case .getSourceNull(let index): language.text(.pluginGetSourceNull, index)
        case .descriptorTooSmall(let index, let size, let expected): language.text(.pluginDescriptorTooSmall, index, size, expected)
        case .missingField(let index, let field): language.text(.pluginMissingField, index, field)
        case .fieldNotUTF8(let index, let field): language.text(.pluginFieldNotUTF8, index, field)
        case .emptyID(let index): language.text(.pluginEmptyID, index)
        case .badID(let index, let id): language.text(.pluginBadID, index, id)
        case .emptyName: language.text(.pluginEmptyName)
        case .kind: language.text(.pluginKind)
        case .instanceTableTooSmall(let size, let expected): language.text(.instanceTableTooSmall, size, expected)
        case .instanceLacks(let missing): language.text(missing.count > 1 ? .instanceLacksMany : .instanceLacksOne, missing.joined(separator: ", "))
        case .tooManyOptions(let count): language.text(.instanceTooManyOptions, count)
        case .optionInfoFailed(let index): language.text(.instanceOptionInfoFailed, index)
        case .optionField(let index, let field): language.text(.instanceOptionField, index, field)
        case .emptyKey(let index): language.text(.instanceEmptyKey, index)
        case .badKey(let key): language.text(.instanceBadKey, key)
        case .duplicateOption(let key): language.text(.instanceDuplicateOption, key)
        case .unknownType(let key, let type): language.text(.instanceUnknownType, key, type)
        case .tooManyChoices(let key, let count): language.text(.instanceTooManyChoices, key, count)
        case .choiceFailed(let key, let index): language.text(.instanceChoiceFailed, key, index)
        case .duplicateChoice(let key, let value): language.text(.instanceDuplicateChoice, key, value)
        case .badDefault(let key, let value): language.text(.instanceBadDefault, key, value)
        case .fractionalRange(let key, let min, let max): language.text(.instanceFractionalRange, key, min, max)
        case .badRange(let key, let min, let max): language.text(.instanceBadRange, key, min, max)
        case .rangeNotFinite(let key, let min, let max): language.text(.instanceRangeNotFinite, key, min, max)
        case .timbreNotChoice(let key): language.text(.instanceTimbreNotChoice, key)
        case .twoTimbres(let first, let second): language.text(.instanceTwoTimbres, first, second)
        case .bridgeCannotStart(let id, let problem): language.text(.bridgeCannotStart, id, problem.text(in: language))
        case .probeCannotStart(let words): language.text(.probeCannotStart, words)
        case .probeNoReport: language.text(.probeNoReport)
        case .probeTimeout(let seconds): language.text(.probeTimeout, seconds.compact(in: language))
        case .probeCrashed(let signal): language.text(.probeCrashed, SignalName.of(signal, in: language))
        case .probeExitStatus(let status): language.text(.probeExitStatus, status)
        }
    }
}

extension PluginRejection.BridgeStartProblem: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .system(let words): words
        case .ended(let exit): exit.text(in: language)
        case .noProgram: "no peach program"
        }
    }
}

extension SourceUnavailable: Worded {
    public func text(in language: Language) -> String {
        language.text(.sourceUnavailable, descriptor.id, reason.text(in: language))
    }
}

extension SourceLookupError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .unknown(let id, let available):
            available.isEmpty ? language.text(.catalogNoSourceAtAll, id) : language.text(.catalogNoSource, id, available.joined(separator: ", "))
        case .rejected(let rejection): language.text(.catalogUnusable, rejection.text(in: language))
        case .unavailable(let unavailable): unavailable.text(in: language)
        case .unpitched(let id, let pitched): language.text(.catalogUnpitched, id, pitched.joined(separator: ", "))
        }
    }
}

extension SourceOptionError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .unknownKey(let source, let key, let known):
            known.isEmpty ? language.text(.optionUnknownNone, source, key) : language.text(.optionUnknown, source, key, known.joined(separator: ", "))
        case .wrongType(let key, let value, .bool): language.text(.optionNotASwitch, key, value, SwitchWords.listed)
        case .wrongType(let key, let value, let expected):
            language.text(.optionWrongType, key, value, language.text(expected == .int ? .optionWholeNumber : .kindNumber))
        case .outOfRange(let key, let value, let range, let unit):
            // The number as the language writes it, as the range beside it is (1,5 in German: it said 1.5).
            language.text(.optionOutside, key, Double(value)?.compact(in: language) ?? value, range.said(unit: unit, in: language))
        case .notAChoice(let key, let value, _, let close) where !close.isEmpty:
            language.text(.optionNotAChoiceClose, key, value, close.prefix(8).joined(separator: ", ") + (close.count > 8 ? ", …" : ""))
        case .notAChoice(let key, let value, let choices, _): language.text(.optionNotAChoice, key, value, Self.listed(choices, in: language))
        case .malformedAssignment(let text): language.text(.optionMalformed, text)
        case .rejectedBySource(let source, let key, let value, let reason): language.text(.optionRefused, source, key, value, reason.text(in: language))
        case .cannotReadBack(let source, let key, let reason):
            language.text(.optionRefused, source, key, "?", language.text(.instanceCannotReadBack, reason.text(in: language)))
        case .notLive(let source, let key): language.text(.optionNotLive, source, key)
        }
    }

    /// The choices, or for a run of whole numbers (a MIDI program: 0 to 127) its ends.
    private static func listed(_ choices: [String], in language: Language) -> String {
        let numbers = choices.compactMap { Int($0) }
        guard choices.count > 3, numbers.count == choices.count, zip(numbers, numbers.dropFirst()).allSatisfy({ $1 == $0 + 1 }) else {
            return choices.joined(separator: ", ")
        }
        return language.text(.optionChoicesRun, numbers.first!, numbers.last!)
    }
}

extension PluginFolderWarning: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .relativeEntry(let entry, let resolved): language.text(.pluginPathRelative, entry, resolved)
        case .worldWritable(let folder, let writable):
            folder == writable ? language.text(.pluginFolderWritable, folder) : language.text(.pluginFileWritable, folder, writable)
        case .missingFolder(let folder): language.text(.pluginFolderMissing, folder)
        case .notAFolder(let path): language.text(.pluginFolderIsFile, path)
        }
    }
}

extension SourceCatalog.Shadowed: Worded {
    public func text(in language: Language) -> String { language.text(.catalogShadowed, id, path, usedPath) }
}
