/// Every text Peach says in its own words, by what it is for. Each has an
/// English and a German entry in `TextCatalog` (a test checks both exist and
/// take the same `%n` arguments).
public enum TextKey: String, CaseIterable, Sendable {
    // Start page
    case startTagline, startNoAnswers, startWeakest, startButton, startButtonKeys, startMenu, startPlainIntro, startPlainKeys
    // Training screen
    case trainingTitle, trainingSound, trainingFirstNote, trainingSecondNote, trainingRight, trainingWrong, trainingRightASCII, trainingWrongASCII
    case trainingFooter, trainingFooterShort, trainingBellOn, trainingBellOff, trainingWait, trainingHigher, trainingLower
    case trainingTooSmall, trainingTooSmallKeys
    case trainingSoundStopped, trainingSourceRestarted, trainingSourceNotRestarted, trainingSourceKeepsFailing
    case trainingCouldNotPlay, trainingCouldNotSave, trainingKeptTimbre, trainingSettingsNotApplied, trainingSettingsApplied
    case plainIntro, plainSound, plainSecondNote, plainRight, plainWrong, plainNextSound, plainBell
    // Pages behind the start page
    case pageBack, pageScroll, profileTitle, profileAnswers, profileKeys, profilePlainIntro
    case settingsTitle, settingsSavedNote, settingsKeys, settingsPlainIntro, settingsPlainEditing, settingsOverridden, settingsSourceCycle
    case settingsChoices, settingsText, settingsOnOff, settingsNotFound
    case appCannotStart, appCannotPlay, appSnapshotNotWritten, appCannotReadProfile, appSavedSoundGone, appSettingsSoundGone, appCannotSaveSound
    // Settings: labels, summaries, values
    case settingNoteDuration, settingPause, settingRange, settingStyle, settingReference, settingSource, settingDevice, settingBell, settingLanguage
    case settingNoteDurationSummary, settingPauseSummary, settingRangeSummary, settingStyleSummary, settingReferenceSummary
    case settingSourceSummary, settingDeviceSummary, settingBellSummary, settingLanguageSummary
    case valueOn, valueOff, allowedRange, allowedOnOff, allowedRangeText, allowedSource, allowedDevice, allowedText
    case checkOutside, checkNotMultiple, checkNotRange, checkNotOneOf, checkExpectedNumber, checkExpectedBool, checkExpectedText
    // Settings file errors
    case settingsNoFolder, settingsCannotRead, settingsMalformed, settingsNotObject, settingsInvalid, settingsInvalidValue
    case settingsUnknownKey, settingsCannotWrite, settingsBadSourceOptions
    // swift-argument-parser's own words around Peach's help and errors
    case parserOverview, parserUsageHeading, parserArguments, parserOptions, parserSubcommands, parserShowHelp, parserShowVersion
    case parserSee, parserDefaultSubcommand, parserDefaultValue, parserDetailedHelp, parserMoreInformation, parserError, parserUsage, parserHelp
    case parserMissingArgument, parserUnknownOption, parserUnexpectedArgument, parserMissingValue, parserTheValue, parserInvalidFor
    case languageUnknown
    case jsonAt, jsonLine, jsonEndsInValue, jsonUnexpectedCharacter, jsonExpectedKey, jsonExpectedColon, jsonEndsInObject, jsonEndsInList
    case kindBool, kindNumber, kindText, kindList, kindObject
    case jsonExpectedCommaOr, jsonControlCharacter, jsonEndsInString, jsonExpectedWord, jsonTextAfterEnd
}
