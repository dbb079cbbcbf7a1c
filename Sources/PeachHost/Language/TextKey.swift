/// Every text Peach says in its own words, by what it is for. Each has an
/// English and a German entry in `TextCatalog` (a test checks both exist and
/// take the same `%n` arguments).
public enum TextKey: String, CaseIterable, Sendable {
    // Start page
    case startTagline, startNoAnswers, startButton, startButtonKeys, startMenu, startPlainIntro, startPlainKeys
    // Training screen
    case trainingTitle, trainingSound, trainingFirstNote, trainingSecondNote, trainingRight, trainingWrong, trainingRightASCII, trainingWrongASCII
    case trainingFooter, trainingFooterShort, trainingBellOn, trainingBellOff, trainingWait, trainingHigher, trainingLower
    case trainingTooSmall, trainingTooSmallKeys
    case trainingNoteRefused, trainingAgain, trainingBreak, trainingSoundStopped, trainingSourceRestarted, trainingSourceNotRestarted, trainingSourceKeepsFailing
    case trainingCouldNotPlay, trainingCouldNotSave, trainingNextNotSavable, trainingKeptTimbre, trainingSettingsNotApplied, trainingSettingsApplied
    case plainIntro, plainSound, plainSecondNote, plainRight, plainWrong, plainNextSound, plainBell
    // Pages behind the start page
    case pageBack, pageScroll, pageMore, profileTitle, profileAnswers, profileKeys, profilePlainIntro
    case settingsTitle, settingsSavedNote, settingsKeys, settingsPlainIntro, settingsPlainEditing, settingsOverridden, settingsSourceCycle
    case settingsChoices, settingsText, settingsOnOff, settingsNotFound
    case chooserSoundTitle, chooserFilter, chooserKeys, chooserNoMatch, chooserPlainIntro, chooserPlainShown
    case nameWhatSound, nameWhatSource, nameAmbiguous, nameUnknown, nameUnknownNone, nameListMore
    case appCannotStart, appCannotPlay, appSnapshotNotWritten, appCannotReadProfile, appSavedSoundGone, appSettingsSoundGone, appCannotSaveSound
    // Settings: labels, summaries, values
    case settingNoteDuration, settingPause, settingRange, settingStyle, settingReference, settingSource, settingDevice, settingInputDevice, settingBell, settingBreakAfter, settingLanguage
    case valueOn, valueOff, valueNever, allowedRange, valueRange, allowedOnOff, allowedRangeText, allowedSource, allowedDevice, allowedText
    case checkOutside, checkNotMultiple, checkNotOneOf, checkExpectedNumber, checkExpectedBool, checkExpectedText
    case checkDeviceUnsafe
    // Settings file errors
    case settingsNoFolder, settingsMalformed, settingsNotObject, settingsInvalid, settingsInvalidByHand, settingsInvalidValue
    case settingsUnknownKey, settingsUnknownInputDevice, settingsCannotWrite, settingsCannotEncode, settingsBadSourceOptions, settingsNotASection
    // swift-argument-parser's own words around Peach's help and errors
    case parserOverview, parserUsageHeading, parserArguments, parserOptions, parserSubcommands, parserShowHelp, parserShowVersion
    case parserSee, parserDefaultSubcommand, parserDefaultValue, parserDefaultAfterValues, parserDetailedHelp, parserMoreInformation, parserError, parserUsage, parserHelp
    case parserMissingArgument, parserUnknownOption, parserUnexpectedArgument, parserMissingValue, parserTheValue, parserInvalidFor
    case parserValues, parserSubcommandPlaceholder, parserOptionsPlaceholder, parserProvideOneOfFollowing, parserProvideOneOf
    case parserQuotedOr, parserQuotedAnd, parserDidYouMean, parserUnexpectedArguments, parserMissingOneOf, parserTheOption
    case parserTakesNoValue, parserWasSpecified
    case languageUnknown, languageMissing
    case jsonAt, jsonLine, jsonEndsInValue, jsonUnexpectedCharacter, jsonExpectedKey, jsonExpectedColon, jsonEndsInObject, jsonEndsInList
    case kindBool, kindNumber, kindText, kindList, kindObject
    case jsonExpectedCommaOr, jsonControlCharacter, jsonEndsInString, jsonExpectedWord, jsonTextAfterEnd
    case jsonInKey, jsonNotUTF8, jsonTooDeep, jsonDuplicateKey, jsonNumberTooLarge, jsonBadNumber
    // Command help: abstracts, discussions, option help, value names
    case helpPeachAbstract, helpPeachDiscussion, helpStartAbstract, helpStartDiscussion, helpTrainAbstract, helpTrainDiscussion
    case helpTrainHeadless, helpTrainNoAudio, helpProfileAbstract, helpProfileDiscussion, helpProfileJSON, helpProfileNote, helpProfileSVG
    case helpStatsAbstract, helpStatsDiscussion, helpStatsJSON, helpStatsBy, helpSettingsAbstract, helpSettingsDiscussion
    case helpSettingsExampleOption, helpSettingsExampleAll
    case helpSettingsFile, helpSettingsListAbstract, helpSettingsListJSON, helpSettingsSetAbstract, helpSettingsSetDiscussion
    case helpSettingsSetKey, helpSettingsSetValue, helpSettingsResetAbstract, helpSettingsGetAbstract, helpSettingsGetKey, helpSettingsExampleGet, helpSettingsResetKey, helpExportAbstract
    case helpExportDiscussion, helpExportCSV, helpExportFile, helpImportAbstract, helpImportDiscussion, helpImportFile
    case helpHistoryAbstract, helpHistoryCheckAbstract, helpHistoryCheckDiscussion
    case helpSourcesAbstract, helpSourcesDiscussion, helpSourcesJSON, helpSourcesID, helpPlayAbstract, helpPlayDiscussion, helpExamples, helpPlayNotes, helpPlayCents
    case helpPlayDuration, helpProbeAbstract, helpProbePath, helpBridgeAbstract, helpBridgeSource, helpPluginIsolation, helpDataDir, helpPluginPath, helpRange, helpStyle, helpDuration, helpPause
    case helpManualAbstract, manualSection, manualName, manualSynopsis, manualDescription, manualCommands
    case manualEnvironment, manualFiles, manualExitStatus, manualEnvironmentConfig, manualEnvironmentData, manualEnvironmentCache
    case manualEnvironmentPluginPath, manualEnvironmentWritablePlugins, manualEnvironmentSoundFont, manualEnvironmentMachine, manualEnvironmentDebug
    case manualEnvironmentLanguage, manualEnvironmentEditor, manualEnvironmentNoColour, manualFileSettings, manualFileHistory, manualFileJournal
    case manualFileRecordings, manualFilePhrase, manualFileCache, manualFilePlugins, manualExitSuccess, manualExitFailure, manualExitUsage, manualExitPlugin, manualExitSignal
    case helpSeed, helpPlain, helpNoBell, helpReference, helpReferenceOfTake, helpSource, helpOption, helpDevice, helpWav, valueNameFolder, valueNameFile
    case valueNameSeconds, valueNameNote, valueNameCents, valueNameRange, valueNamePeriod, valueNameKey, valueNameValue, valueNamePath
    case valueNameAssignment
    // What the commands print and report
    case headlessOutputClosed
    case warning, fileNameEmpty, fileNameForeignEnding, eitherEnding, unknownCommand, unknownCommandNear, orWord, writtenAudio, writtenJournal, dataDirEmpty, exportWrote, exportCannotWrite, importDone, importDoneSkipping, headlessExpected
    case playDurationOutside, playCentsOutside, profileJSONAlone, profileWroteSVG, profileNoteOutside, profileNoAnswers
    case profileHeading, weakSpotsNone, weakSpotsList, weakSpotsListMore, profileOneKey, settingsListHeading, settingsDefault
    case settingsNoneSaved, settingsAllReset, settingsOptionsReset, sourcesNone, sourcesLibrary, sourcesUnavailable, sourcesUnpitched, sourcesRejected
    case helpDevicesAbstract, helpDevicesDiscussion, helpDevicesJSON, helpDevicesDirection, devicesNoDescription, devicesConfigurationUnread, devicesOutputs, devicesInputs, settingsUnknownDevice, settingsDeviceCycle
    case helpSourcesCheck, helpSourcesCheckOption, helpSourcesCheckDiscussion, sourcesOptionNeedsCheck, sourcesIDOrCheck
    case checkHeading, checkSummary, checkSummaryFailed, checkLargest, checkProgress, checkUnsteady, checkCannotPlay
    case checkPairsColumn, checkPairsNotOffered, checkPairsSummary, checkPairsSummaryAll, checkPairsLargest
    case sourcesOption, sourcesOptionNoDefault, sourcesChoices, optionTypeBool, optionTypeInt, optionTypeNumber, optionTypeText, optionTypePath, optionTypeChoice
    case statsNoAnswers, statsPairs, statsTime, statsKeys, statsMedian, statsMedianNone, statsMonthAgo
    case statsNoMonthAgo, statsProgressDays, statsProgressWeeks, statsProgressMonths, statsOnDay, statsInWeek, statsInMonth
    case trainNoAudioNeedsHeadless, trainHeadlessOrPlain, trainRangeInvalid, soundDeviceOrWav, wavOnUsedStandardOutput, theScreen, soundReferenceOutside
    case argumentNotANumber, argumentNotANumberWithUnit, formatAgainstEnding
    case droneTimbreOrSource, metronomeTempoOrTrainer, tunerSoundNeedsDrone, tunerFileSoundsNoDrone, playNothingPlayed, metronomeKeysNeedAKit, inputFileCut
    case trainingNoAudioOutput, keysHigherASCII, keysLowerASCII
    // Notes
    case noteMalformed, noteOutOfRange, rangeMalformed, rangeOffThePiano, rangeReversed, rangeBeyondSource, rangeNoKeyPlayable
    // The data folder, history lines, export and import
    case fileCannotRead, fileLine, fileExists, historyNoFolder, historyCannotCreate, historyCannotWrite, historyFileInTheWay, historyAlreadyTraining
    case historyCannotRecord, historyNewerSchema, historyTornTail, snapshotNewerSchema, answerNotPositive, answerCents
    case answerReferenceOutside, answerCentsOutside, answerFirstHz, answerSecondHz, answerCorrectMismatch, profileNotFinite
    case snapshotDamaged, snapshotMovedAside, snapshotNotMovedAside, historyDamagedLine, historyDamagedLines, historyDamagedMore
    case historyCheckClean, historyCheckSummary, historySymbolicLink, historyNotRegularFile, lineTimbre
    case answerTimeBeforePeach, answerNoteSecondsOutside, answerSourceEmpty
    case answerTimeOutside, answerResponseTime, lineFieldTwice, lineVersion, lineNoteOutside, lineNameMismatch, lineAnswer
    case lineResponseNegative, lineFieldMissing, lineNotNumber, lineNotWhole, lineNotString, lineNotBool, timeLayout, timeNoSuchDate
    case timeNoSuchTime, scanColumn, scanNotObject, scanExpectedCommaOrBrace, scanExpectedKey, scanExpectedColon, scanLineEnds, scanNested
    case scanExpectedValue, scanTextAfterEnd, scanStringNotUTF8, scanUnpairedSurrogate, scanUnknownEscape, scanShortEscape
    case scanControlCharacter, scanStringNotClosed, scanMinusWithoutDigit, scanLeadingZero, scanFractionDigits, scanExponentDigits
    case scanTooLarge, importMalformed, importEmpty, importFromTheFuture, importSnapshotStale, csvQuoteNeverClosed, csvStrayQuote, csvNotUTF8, csvSemicolons, standardInput
    case csvStrayCarriageReturn, csvTextAfterQuote, csvNoColumn, csvColumnTwice, csvTooFewFields, csvNotNumber, csvKey, csvNoteMismatch
    case csvAnswer, csvCorrect, csvResponse
    // Plugins, sources and their options
    case pluginCannotLoad, pluginUnknownLoadError, pluginNoEntry, pluginEntryNull, pluginWrongABI, pluginEntryTooSmall
    case pluginEntryLacksOne, pluginEntryLacksMany, pluginNoSources, pluginTooManySources, pluginDuplicateID, pluginGetSourceNull
    case pluginDescriptorTooSmall, pluginMissingField, pluginFieldNotUTF8, pluginEmptyID, pluginBadID, pluginEmptyName, pluginKind
    case pluginNoReason, pluginErrorNotUTF8, instanceTableTooSmall, instanceLacksOne, instanceLacksMany, instanceTooManyOptions
    case instanceOptionInfoFailed, instanceOptionField, instanceEmptyKey, instanceDuplicateOption, instanceUnknownType
    case instanceTooManyChoices, instanceChoiceFailed, instanceBadRange, instanceRangeNotFinite, instanceTimbreNotChoice, instanceCannotReadBack, instanceFailed
    case instanceBadKey, instanceDuplicateChoice, instanceBadDefault, instanceFractionalRange, instanceTwoTimbres
    case probeCannotStart, probeNoReport, probeExitStatus, probeCrashed, probeTimeout, probeSignal, optionUnknown, optionUnknownNone
    case optionWrongType, optionWholeNumber, optionNotASwitch, optionOutside, optionNotAChoice, optionNotAChoiceClose, optionChoicesRun, optionMalformed, optionRefused, optionNotLive
    case pluginPathRelative, pluginFolderWritable, pluginFileWritable, pluginFolderMissing, pluginFolderIsFile
    case catalogShadowed, catalogNoSourceAtAll, catalogNoSource, catalogUnpitched, catalogUnusable, sourceUnavailable, sourceLog, sourceLogNotUTF8
    case bridgeEnded, bridgeTimedOut, bridgeBlockTooLarge, bridgeSignal, bridgeExitStatus, bridgeKilled, bridgeCannotStart
    // Audio outputs and the engine
    case outputProblemAndRemedy, outputChooseWithFlag, outputChooseOnScreen
    case outputNoDevice, outputUnsupported, outputCannotWriteWAV, outputCloseFailed, outputNoReader, alsaNoConfiguration
    case alsaNotInterleaved, alsaNoSampleFormat, alsaNoChannelCount, alsaNoRate, alsaRefused, engineOutOfOrder, engineQueueFull, engineNoFreeTrack, engineNoTransport, engineTransportRate
    case noticeSourceFailed, noticeInvalidSamples, noticeDeviceLost, noticeReaderGone, noticeOutputFailed, noticeUnderrun, noticeLateEvents
    case noticeNoteRefused, engineNoteOutOfRange, enginePairInexact, enginePairUnmeasured, noticeInputOverrun, noticeInputEnded, noticeInputLost, noticeInputFailed, engineInputRate, engineInputLate
    case noticeSourceSwapped, noticeSourceOverran, noticeSourceSilent, sourceFailureSays, sourceFailureNamed
    case pluginCrashedInProcess, pluginHungInProcess, pluginFaultAnswersSaved
    // The profile, key detail, chart, SVG and progress
    case detailWeak, detailThreshold, detailNoAnswers, detailAnswers, detailSmallest, detailNoneCorrect
    case detailLastTrained, detailToday, detailYesterday, detailDaysAgo, trendNothingBefore, trend, trendSame, trendLower, trendHigher
    case trendBetter, trendWorse, trendUnclear, chartThreshold, band80, band95, weakSpot, noAnswersYet, progressLaterDays
    case progressLaterWeeks, progressLaterMonths, svgTitle, svgDescription, svgSummary, svgHeading, svgSubheading, svgAxis
    case svgOutsideRange, svgProgressDays, svgProgressWeeks, svgProgressMonths, svgPointDay, svgPointWeek, svgPointMonth, svgThreshold
    case svgAnswers
    // The drone and the metronome
    case helpMetronomeAbstract, helpMetronomeDiscussion, helpMetronomeBPM, helpMetronomeBeats, helpMetronomeSubdivision
    case helpMetronomeGroup, helpMetronomeAccents, helpMetronomeCountIn, helpMetronomeTrainer, helpMetronomeMute, helpMetronomeDrop
    case helpMetronomeSeed, helpMetronomeClick, helpMetronomeSilent, helpMetronomeDrone, helpPracticeBars, helpPracticeSeconds
    case helpPracticeJSON, helpDroneAbstract, helpDroneDiscussion, helpDroneNote, helpDroneCents, helpDroneFifth, helpDroneOctave
    case helpDroneTuning, helpDroneTimbre, helpDroneMetronome, metronomeTempoOutside, metronomeBeatsOutside, metronomeSubdivisionOutside
    case metronomeCountInOutside, metronomeBadGrouping, metronomeGroupingSum, metronomeBadAccent, metronomeAccentCount
    case metronomeBadTrainer, metronomeTrainerStep, metronomeTrainerEvery, metronomeBadMute, metronomeDropOutside, metronomeUnknownClick
    case presetNoneSaved, presetUnknown, presetWhat, presetExists, presetBadName, gridScaleBadName, presetUnreadable, presetRemedy, presetLastRemedy, presetNotASetup, presetSaveNeedsPlaying, presetNotAnObject, presetFieldMissing
    case presetFieldWrong, presetSaved, presetForgotten, presetList, helpPreset, helpPresetSave, helpPresetReplace, helpPresetList
    case helpPresetForget, helpPresetFresh, practiceToolMetronome, practiceToolDrone, helpPracticePlain, practiceNoteRefused, presetReplaceNeedsSave, presetListOrForget, metronomeSeedOutside
    case helpMetronomeSample, helpMetronomeAccentSample, metronomeSampleOrSource, metronomeAccentNeedsSample
    case backdropDrone, backdropMetronome, backdropNotice, backdropStopped, helpTrainDrone, helpTrainMetronome, trainBackdropHeadless
    case droneCentsOutside, droneReferenceOutside, droneRootOutside, droneUnknownTimbre, droneUnknownTuning, practiceLengthBoth, practiceLengthNeedsOutput, droneHasNoBars, practiceLengthNeeded, practiceBarsOrSeconds, practiceSecondsOnly, practiceFileNeedsLength
    case practiceBarsOutside, practiceSecondsOutside, practiceNeedsTerminal, metronomeTitle, metronomeBar, metronomeCountIn
    case metronomeMuted, metronomePaused, metronomeKeys, metronomeTempo, metronomeTapped, metronomeTapMore, droneTitle, droneOff
    case droneLine, droneFifthJust, droneFifthEqual, droneOctave, droneKeys, plainMetronomeStarted, plainTempo, plainDrone, plainDroneOff
    case plainPaused, plainResumed, practiceTimbrePure, practiceTimbreOrgan
    // Listening: the input a tool hears
    case helpInputDevice, helpInputChannel, helpInputFile, inputDeviceOrFile, inputChannelOutside, inputNoSuchChannel
    case inputNoDevice, inputUnsupported, inputCannotRead, inputEmptyFile
    // The tuner
    case helpTunerAbstract, helpTunerDiscussion, helpTunerTranspose, helpTunerTolerance, helpTunerLowest, helpTunerHighest, helpTunerDrone, helpTunerTuning
    case helpTunerSeconds, helpTunerJSON, helpTunerPlain, tunerToleranceOutside, tunerJSONOrPlain, tunerNeedsTerminal, tunerRangeReversed, tunerDroneOptionsNeedDrone, tunerNoSound, tunerTooShort
    case tunerTitle, tunerHeader, tunerConcert, tunerCentsAndHz, tunerAgainstDrone, tunerNoSignal, tunerListening, tunerLevel, tunerKeys
    case tunerFlat, tunerInTune, tunerSharp, tunerConcertPitch, tunerInstrumentIn, tunerTransposedBy
    case practiceToolTuner, tunerPlainStart, tunerPlainSetup, tunerPlainInTune, tunerPlainFlat, tunerPlainSharp
    case transpositionUnknown, transpositionOutside
    case helpTemperament, helpTemperamentRoot, valueNameTemperament, temperamentOnRoot, temperamentWhat, temperamentUnknown,
         temperamentRootNeedsTemperament, temperamentFileTooLarge, temperamentNotAFile, temperamentMeantone, temperamentJust, temperamentEqual, scalaEmpty, scalaNoCount, scalaMissingDegrees, scalaBadPitch, temperamentNotTwelve,
         temperamentPeriodNotOctave, temperamentTooFarFromKey
    case intervalUnison, intervalMinorSecond, intervalMajorSecond, intervalMinorThird, intervalMajorThird, intervalFourth, intervalTritone
    case intervalFifth, intervalMinorSixth, intervalMajorSixth, intervalMinorSeventh, intervalMajorSeventh, intervalOctave
    case intervalOctavesUp, intervalOctavesDown
    // The practice recorder
    case recordNameEmpty, recordNameSlash, recordNameDot, recordNameDash, recordNameOuterSpace, recordTrashListOptions, recordRestoreNameTaken, recordNameTooLong, recordNameControl, recordNameTaken, recordNothingRecorded, recordNameTakenMeanwhile, journalConflictCopy, settingsConflictCopy, plainMetronomeKeys, plainDroneKeys, settingsTooLarge, gridPlainMenuOpen, gridPlainMenuClosed, gridPlainKeysPlay, fileReadOnly, historyLineTooLong, progressOutsideDays, progressOutsideWeeks, progressOutsideMonths, pluginProbeSlow, historyCheckFuture
    case recordCannotWrite, recordCannotRead, recordDiskFull, recordDamaged
    case damageSymbolicLink, damageNotRegular, damageNotATake, damageUnreadable, damageEmpty, damageTruncated
    case recordScreenTitle, recordScreenElapsed, recordScreenLevel, recordScreenPeak, recordScreenClipping, recordScreenNoClipping
    case recordScreenSilent, recordScreenKeys, recordScreenSaving
    case recordPlainStarted, recordPlainMinute, recordPlainClipping, recordSaved, recordSavedAsWAV, recordRecovered, recordRecoverFailed
    case recordSilent, recordDropped, recordListEmpty, recordListNone, recordListDamaged, recordListColumns, recordTrashColumns, recordTrashEmpty
    case recordRenamed, recordDeleted, recordRestored, recordExported, recordDateInvalid, recordSecondsOutside, recordWhatTake, recordWhatTrashed
    case recordPlaying
    case helpRecordAbstract, helpRecordDiscussion, helpRecordName, helpRecordWav, helpRecordSeconds, helpRecordPlain, helpRecordJSON
    case helpRecordListAbstract, helpRecordListDiscussion, helpRecordListSearch, helpRecordListSort, helpRecordListDate, helpRecordListJSON, helpRecordListTrash
    case helpRecordPlayAbstract, helpRecordTake, helpRecordRenameAbstract, helpRecordNewName, helpRecordDeleteAbstract
    case helpRecordRestoreAbstract, helpRecordTrashedTake, helpRecordExportAbstract, helpRecordExportFile, helpRecordExportFormat
    case helpRecordNotesAbstract, helpRecordNotesDiscussion, helpRecordNotesTake, helpRecordNotesJSON, recordNotesHeading, recordNotesColumns
    // The practice journal
    case helpJournalAbstract, helpJournalDiscussion, helpJournalAddAbstract, helpJournalAddDiscussion, helpJournalText, helpJournalDate
    case helpJournalTime, helpJournalTake, helpJournalEditAbstract, helpJournalEditDiscussion, helpJournalEditDate, helpJournalListAbstract
    case helpJournalListDiscussion, helpJournalFrom, helpJournalTo, helpJournalJSON, helpJournalSearchAbstract, helpJournalSearchDiscussion
    case helpJournalSearchText, helpJournalDeleteAbstract, helpJournalDeleteDiscussion, helpJournalDeleteDate, helpJournalDeleteEntry
    case helpJournalRestoreAbstract, helpJournalRestoreDiscussion, helpJournalExportAbstract, helpJournalExportDiscussion
    case helpJournalFormat, helpJournalOutput, helpJournalCalendarAbstract, helpJournalCalendarDiscussion, helpJournalMonth
    case helpJournalPlain, helpJournalCalendarJSON, journalNoSuchDate, journalNoSuchMonth, journalNoSuchTime, journalBadTakeName
    case journalEmptyEntry, journalEntryFromOne, journalNotText, journalTooLarge, journalWouldBeTooLarge, journalBadHeading, journalTextBeforeFirstEntry, journalChangedMeanwhile
    case journalChangedMeanwhileKept, journalNotSavedKept, journalWordsNotSaved, journalNoNotes, journalNoSuchEntry, journalNothingInTrash, journalFromAfterTo, journalAdded, journalTakeNotRecorded
    case journalNothingAdded, journalSearchBlank, journalSaved, journalUnchanged, journalDeletedDay, journalDeletedEntry, journalRestored, journalNoneFound
    case journalNoNotesYet, journalExportWrote, journalEditorFailed, journalEditorFailedKept, journalEditorCannotStart, journalEditorNeedsTerminal, journalNeedsTerminal
    case journalNotes, journalAnswers, journalRecordings, journalRecordingsUnread, journalMarkLetters, journalLegend
    case journalMonthNames, journalWeekdayShort, journalWeekdayNames, journalDayNothing, journalCalendarKeys, journalPlainMonth
    case journalPlainNone, journalTooSmall, valueNameWords, valueNameDate, valueNameMonth, valueNameTake
    // The scale grid
    case helpGridAbstract, helpGridDiscussion, helpGridRoot, helpGridScale, helpGridPrint, helpGridColumns, helpGridOctaves, helpGridJSON
    case helpGridPlain, helpGridInstrument, helpGridSustain, helpGridNames, helpGridKeySize, helpGridPhrase, helpGridSaveScale, helpGridNotes
    case helpGridForgetScale, helpGridScales, helpGridFresh, valueNameScale, practiceToolGrid
    case scaleMajor, scaleNaturalMinor, scaleHarmonicMinor, scaleMajorPentatonic, scaleMinorPentatonic, scaleBlues, scaleChromatic
    case scaleUnknown, scaleEmpty, scaleStepOutside, scaleUnknownRoot, scaleUnknownNote, scaleBadName
    case phraseDamaged, phraseDamageLink, phraseDamageNotRegular, phraseDamageTooLarge, phraseDamageUnreadable, phraseDamageField
    case gridColumnsOutside, gridOctavesOutside, gridColumnsNeedPrint, gridSaveScaleNeedsNotes, gridPlainOrPrint, gridPrintPlaysNothing, gridUnknownKeySize
    case gridNeedsTerminal, gridScaleExists, gridNoSuchUserScale, gridScaleNameBuiltIn, gridScaleSaved, gridScaleForgotten, gridUserScaleFromC
    case gridSizeSmall, gridSizeMedium, gridSizeLarge, gridOn, gridOff, gridSustainOn, gridSustainOff, gridShuffled, gridTitle, gridKeys
    case gridLastPlayed, gridPlainStart, gridPlainKeys
    case gridMenuTitle, gridMenuKeys, gridMenuRoot, gridMenuScale, gridMenuEditor, gridMenuEditorValue, gridMenuInstrument, gridMenuSustain
    case gridMenuNames, gridMenuKeySize, gridMenuRandom, gridMenuMetronome, gridMenuTempo
    case gridEditorTitle, gridEditorNotesKeys, gridEditorName, gridEditorNameKeys, gridEditorEmpty
    case gridRecording, gridRecordingStatus, gridPhraseReplaceAsk, gridPhraseKept, gridPhraseNothing, gridPhraseNothingKept
    case gridPhraseDamagedKept, gridPhraseSaved, gridPhraseNotKept, gridPhraseNone, gridPhrasePlaying, gridPhraseLine, gridPhraseEmpty, gridPhraseSummary
    case gridPhraseNoteLength, helpGridKeyboard, gridUnknownKeyboard, gridNoteRefused
}
