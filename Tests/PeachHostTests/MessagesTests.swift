@testable import PeachAudio
import PeachExchange
import PeachFiles
@testable import PeachHistory
import PeachMessages
import PeachMusic
import PeachRecordings
@testable import PeachSettings
import PeachText
import PeachTraining
import Testing

/// Every error and notice of the layers below, worded by PeachMessages in
/// English and German: the words name the data, leave no `%n` unreplaced,
/// and differ between the languages where the catalogue does.
@Suite struct MessagesTests {
    /// A value, what its words must contain in both languages, and whether
    /// they are the same in both (a plugin's or the system's own words only).
    struct Case: CustomTestStringConvertible, Sendable {
        var value: any Worded & Sendable
        var names: [String]
        var sameInBoth = false
        var testDescription: String { "\(value)" }
    }

    static let path = "/data/peach/history/desk.jsonl"
    static let note = MIDINote(number: 60)!
    static let descriptor = SourceDescriptor(id: "org.example.organ", name: "Organ", vendor: "", version: "", description: "", kind: .audio,
                                             realtimeSafe: true)

    static let files: [Case] = [
        Case(value: HistoryError.noDataDirectory, names: ["HOME", "--data-dir"]),
        Case(value: HistoryError.cannotCreateDirectory(path: path, reason: "Permission denied"), names: [path, "Permission denied"]),
        Case(value: HistoryError.fileInTheWay(path: path), names: [path]),
        Case(value: HistoryError.cannotRead(path: path, reason: "Is a directory"), names: [path, "Is a directory"]),
        Case(value: HistoryError.cannotWrite(path: path, reason: "No space left on device"), names: [path, "No space left on device"]),
        Case(value: HistoryError.alreadyTraining(directory: "/data/peach"), names: ["/data/peach"]),
        Case(value: HistoryError.invalidAnswer(.centsNotFinite(.nan)), names: ["cents", "nan"]),
        Case(value: HistoryError.symbolicLink(path: path), names: [path]),
        Case(value: HistoryError.notRegularFile(path: path), names: [path]),
        Case(value: AnswerProblem.notPositive(field: "firstHz", value: -1), names: ["firstHz", "-1"]),
        Case(value: AnswerProblem.timeOutside(1e15), names: ["1000000000000000"]),
        Case(value: AnswerProblem.responseTime(-2), names: ["-2 s"]),
        Case(value: AnswerProblem.referenceOutside(100, lowest: 380, highest: 500), names: ["100 Hz", "380", "500 Hz"]),
        Case(value: AnswerProblem.centsOutside(400, ceiling: 300), names: ["400;", "300"]),
        Case(value: AnswerProblem.firstHz(262, note: "C4", reference: 440, expected: 261.6), names: ["262,", "C4", "440 Hz", "261.6"]),
        Case(value: AnswerProblem.secondHz(263, cents: 5, firstHz: 262, expected: 262.8), names: ["263,", " 5 ", "262 Hz", "262.8"]),
        Case(value: AnswerProblem.correctMismatch(correct: true, answer: "lower", cents: 5), names: ["true", "lower", " 5 "]),
        Case(value: AnswerProblem.timeBeforePeach(-62_135_596_800, earliest: 946_684_800),
             names: ["time", "0001-01-01T00:00:00.000Z", "2000-01-01T00:00:00.000Z"]),
        Case(value: AnswerProblem.noteSecondsOutside(1e6, lowest: 0.1, highest: 10), names: ["noteSeconds", "1000000 s", "0.1", "10 s"]),
        Case(value: AnswerProblem.sourceEmpty, names: ["source"]),
    ]

    static let musicAndTraining: [Case] = [
        Case(value: NoteParseError.malformed("H4"), names: ["H4"]),
        Case(value: NoteParseError.outOfRange("G10"), names: ["G10"]),
        Case(value: ScalaParseError.empty, names: []),
        Case(value: ScalaParseError.noCount(line: 4), names: [" 4:"]),
        Case(value: ScalaParseError.missingDegrees(expected: 12, found: 11), names: ["12", "11"]),
        Case(value: ScalaParseError.badPitch(line: 7, text: " 3/0 "), names: [" 7:", "'3/0'"]),
        Case(value: TemperamentError.notTwelve(7), names: ["7", "12"]),
        Case(value: TemperamentError.periodNotOctave(cents: 1901.955_000_8), names: ["1901", "955 ", "1200"]),
        Case(value: TemperamentError.tooFarFromKey(degree: 5, cents: 560), names: [" 6 ", "560", "50"]),
        Case(value: TrainingRangeError.malformed("C4"), names: ["C4"]),
        Case(value: TrainingRangeError.note(text: "X-C5", .malformed("X")), names: ["X-C5", "X"]),
        Case(value: TrainingRangeError.offThePiano(text: "C0-C4", note: MIDINote(number: 12)!), names: ["C0-C4", "C0", "A0", "C8"]),
        Case(value: TrainingRangeError.reversed(text: "C5-C4", from: MIDINote(number: 72)!, to: note), names: ["C5-C4", "C4", "C5"]),
        Case(value: UnplayableRange(keys: 84...96, source: "org.example.organ", playable: PlayablePitches(frequencies: 20...2000, reference: 442)),
             names: ["org.example.organ", "20", "2000", "A0", "B6", "442", "C6-C7"]),
        Case(value: UnplayableRange(keys: 54...66, source: "org.example.organ", playable: PlayablePitches(frequencies: 5000...8000, reference: 440)),
             names: ["org.example.organ", "5000", "8000", "440"]),
        Case(value: ProfileReport.NotFinite(), names: ["JSON"]),
    ]

    static let history: [Case] = [
        Case(value: HistoryLineError.scan(.expectedColon, column: 7), names: ["7", ":"]),
        Case(value: HistoryLineError.scan(.unpairedSurrogate(0xD83D), column: nil), names: ["\\uD83D"]),
        Case(value: HistoryLineError.scan(.unknownEscape("q"), column: nil), names: ["\\q"]),
        Case(value: HistoryLineError.timbreNotStrings, names: ["\"timbre\""]),
        Case(value: HistoryLineError.fieldTwice("note"), names: ["\"note\""]),
        Case(value: HistoryLineError.fieldMissing("cents"), names: ["\"cents\""]),
        Case(value: HistoryLineError.notNumber("cents"), names: ["\"cents\""]),
        Case(value: HistoryLineError.notWholeNumber("v"), names: ["\"v\""]),
        Case(value: HistoryLineError.notString("source"), names: ["\"source\""]),
        Case(value: HistoryLineError.notBool("correct"), names: ["\"correct\""]),
        Case(value: HistoryLineError.notPositive(field: "firstHz", value: 0), names: ["\"firstHz\"", "0.0"]),
        Case(value: HistoryLineError.version(0), names: ["\"v\"", "0"]),
        Case(value: HistoryLineError.noteOutside(200), names: ["200"]),
        Case(value: HistoryLineError.nameMismatch(written: "D4", note: 60, name: "C4"), names: ["D4", "60", "C4"]),
        Case(value: HistoryLineError.answerWord, names: ["\"answer\"", "\"higher\""]),
        Case(value: HistoryLineError.responseNegative, names: ["\"responseMs\""]),
        Case(value: HistoryLineError.time(text: "2026-13-01T00:00:00Z", .noSuchDate), names: ["\"time\"", "2026-13-01T00:00:00Z"]),
        Case(value: HistoryLineError.time(text: nil, .layout), names: ["\"time\"", "ISO-8601"]),
        Case(value: HistoryLineError.implausible(.centsOutside(0, ceiling: 300)), names: ["0;", "300"]),
        Case(value: HistoryLineError.newerSchema(7), names: ["7", "\(TrainingAnswer.schemaVersion)"]),
        Case(value: TrainingDataError.history(.alreadyTraining(directory: "/d")), names: ["/d"]),
        Case(value: TrainingDataError.newerSnapshot(path: "/d/profile/desk.json", schema: 9), names: ["/d/profile/desk.json", "9"]),
        Case(value: TrainingDataError.unwritableProfile(ProfileReport.NotFinite()), names: ["JSON"]),
        Case(value: HistoryWarning.tornTail(path: path, bytes: 40), names: [path, "40"]),
        Case(value: HistoryWarning.damaged(damaged), names: [path, "5", "3", "\"cents\"", "2"]),
        Case(value: HistoryWarning.snapshotDamaged(path: "/d/p.json"), names: ["/d/p.json"]),
        Case(value: HistoryWarning.snapshotMovedAside(path: "/d/p.json", to: "/d/p.json.damaged"), names: ["/d/p.json", "/d/p.json.damaged"]),
        Case(value: HistoryWarning.snapshotNotMovedAside(path: "/d/p.json", .cannotWrite(path: "/d", reason: "Read-only file system")),
             names: ["/d/p.json", "Read-only file system"]),
    ]

    static var damaged: DamagedLines {
        var lines = DamagedLines(file: path)
        for number in [3, 4, 5, 6, 7] { lines.add(number, .notNumber("cents")) }
        return lines
    }

    static let audio: [Case] = [
        Case(value: AudioOutputError.noDevice(name: "hw:7", reason: "No such device"), names: ["hw:7", "No such device", "--device"]),
        Case(value: AudioInputError.cannotReadFile(path: "/take.flac", reason: "Format not recognised"), names: ["/take.flac", "Format not recognised"]),
        Case(value: AudioInputError.emptyFile(path: "/take.flac"), names: ["/take.flac"]),
        Case(value: AudioOutputError.unsupportedDevice(name: "hw:1", .noRate(96000, reason: "Invalid argument")),
             names: ["hw:1", "96000", "Invalid argument"]),
        Case(value: AudioOutputError.cannotWriteFile(path: "/tmp/out.wav", reason: .noReader), names: ["/tmp/out.wav"]),
        Case(value: AudioOutputError.cannotWriteFile(path: "/tmp/out.wav", reason: .file(.symbolicLink(path: "/tmp/out.wav"))), names: ["/tmp/out.wav"]),
        Case(value: AudioOutputError.closeFailed(target: "/tmp/out.flac", reason: .system("Input/output error")), names: ["/tmp/out.flac", "Input/output error"]),
        Case(value: DeviceSetupFailure.noConfiguration(reason: "x1"), names: ["x1"]),
        Case(value: DeviceSetupFailure.notInterleaved(reason: "x2"), names: ["x2"]),
        Case(value: DeviceSetupFailure.noSampleFormat, names: []),
        Case(value: DeviceSetupFailure.noChannelCount(reason: "x3"), names: ["x3"]),
        Case(value: DeviceSetupFailure.refused(reason: "x4"), names: ["x4"]),
        Case(value: EngineNotice.sourceFailed(atFrame: 4800), names: ["4800"]),
        Case(value: EngineNotice.sourceProducedInvalidSamples(atFrame: 4801), names: ["4801"]),
        Case(value: EngineNotice.sourceOverran(atFrame: 4802), names: ["4802"]),
        Case(value: EngineNotice.sourceSilent(frequency: 440, noteFrame: 4803, milliseconds: 100), names: ["440", "4803", "100"]),
        Case(value: EngineNotice.deviceLost(errno: 19), names: ["No such device"]),
        Case(value: EngineNotice.outputFailed(errno: 5), names: ["Input/output error"]),
        Case(value: EngineNotice.underrun(atFrame: 4804), names: ["4804"]),
        Case(value: EngineNotice.lateEvents(count: 3, atFrame: 4805), names: ["3", "4805"]),
        Case(value: EngineNotice.sourceSwapped(atFrame: 4806), names: ["4806"]),
        Case(value: EngineNotice.noteRefused(noteID: 1, reason: 2, frequency: 27.5), names: ["27"]),
        Case(value: EngineNotice.inputOverrun(atFrame: 4807), names: ["4807"]),
        Case(value: EngineNotice.inputEnded(atFrame: 4808), names: ["4808"]),
        Case(value: EngineNotice.inputLost(errno: 19), names: ["No such device"]),
        Case(value: EngineNotice.inputFailed(errno: 5), names: ["Input/output error"]),
        Case(value: EngineError.outOfOrder(frame: 10, after: 20), names: ["10", "20"]),
        Case(value: EngineError.queueFull, names: []),
        Case(value: EngineError.noFreeTrack(limit: 16), names: ["16"]),
        Case(value: EngineError.sourceFailed(.failed(source: "org.example.organ", action: "activate", reason: .said("no font"))),
             names: ["org.example.organ", "activate", "no font"]),
        Case(value: EngineError.noTransport, names: []),
        Case(value: EngineError.transportRate(map: 44100, output: 48000), names: ["44100", "48000"]),
        Case(value: EngineError.inputRate(input: 22050, output: 48000), names: ["22050", "48000"]),
        Case(value: EngineError.inputLate, names: []),
        Case(value: EngineError.noteOutOfRange(frequency: 5000.5, lowest: 27.5, highest: 4186, source: "org.example.organ"),
             names: ["org.example.organ", "27", "4186", "5000"]),
        Case(value: SourceError.stopped(source: "org.example.organ", notice: .sourceFailed(atFrame: 9), reason: .notUTF8),
             names: ["org.example.organ", "9"]),
        Case(value: PluginFault(sourceID: "org.example.organ", libraryPath: "/lib/organ.so", kind: .crashed(signal: 11)),
             names: ["org.example.organ", "/lib/organ.so", "SIGSEGV"]),
        Case(value: PluginFault(sourceID: "org.example.organ", libraryPath: "/lib/organ.so", kind: .hung), names: ["org.example.organ", "/lib/organ.so"]),
        Case(value: PluginReason.said("no sequencer"), names: ["no sequencer"], sameInBoth: true),
        Case(value: PluginReason.none, names: []),
        Case(value: PluginReason.bridge(.ended(.signal(9))), names: ["9"]),
        Case(value: PluginReason.bridge(.ended(.status(3))), names: ["3"]),
        Case(value: PluginReason.bridge(.ended(.killed)), names: []),
        Case(value: PluginReason.bridge(.timedOut(milliseconds: 2000)), names: ["2000"]),
        Case(value: PluginReason.bridge(.blockTooLarge(frames: 4096, channels: 8, events: 512)), names: ["4096", "8", "512"]),
    ]

    static let plugins: [Case] = [
        Case(value: PluginRejection(path: "/lib/x.so", sourceID: "org.x", reason: .wrongABI(major: 2, minor: 0, expected: 1)),
             names: ["/lib/x.so", "org.x", "2", "1"]),
        Case(value: PluginRejection.Reason.cannotLoad("undefined symbol: foo"), names: ["undefined symbol: foo"]),
        Case(value: PluginRejection.Reason.cannotLoad(nil), names: []),
        Case(value: PluginRejection.Reason.noEntry(symbol: "peach_source_entry_v1", major: 1), names: ["peach_source_entry_v1"]),
        Case(value: PluginRejection.Reason.entryNull(symbol: "peach_source_entry_v1", major: 1, minor: 1), names: ["peach_source_entry_v1"]),
        Case(value: PluginRejection.Reason.entryTooSmall(size: 8, expected: 40), names: ["8", "40"]),
        Case(value: PluginRejection.Reason.entryLacks(["create"]), names: ["create"]),
        Case(value: PluginRejection.Reason.entryLacks(["create", "get_source"]), names: ["create, get_source"]),
        Case(value: PluginRejection.Reason.noSources, names: []),
        Case(value: PluginRejection.Reason.tooManySources(300), names: ["300"]),
        Case(value: PluginRejection.Reason.duplicateID("org.dup"), names: ["org.dup"]),
        Case(value: PluginRejection.Reason.getSourceNull(index: 2), names: ["2"]),
        Case(value: PluginRejection.Reason.descriptorTooSmall(index: 1, size: 12, expected: 64), names: ["12", "64"]),
        Case(value: PluginRejection.Reason.missingField(index: 0, field: "name"), names: ["name"]),
        Case(value: PluginRejection.Reason.fieldNotUTF8(index: 0, field: "vendor"), names: ["vendor"]),
        Case(value: PluginRejection.Reason.emptyID(index: 3), names: ["3"]),
        Case(value: PluginRejection.Reason.badID(index: 0, id: "Bad ID"), names: ["Bad ID"]),
        Case(value: PluginRejection.Reason.emptyName, names: []),
        Case(value: PluginRejection.Reason.kind, names: []),
        Case(value: PluginRejection.Reason.instanceTableTooSmall(size: 16, expected: 120), names: ["16", "120"]),
        Case(value: PluginRejection.Reason.instanceLacks(["process"]), names: ["process"]),
        Case(value: PluginRejection.Reason.tooManyOptions(2000), names: ["2000"]),
        Case(value: PluginRejection.Reason.optionInfoFailed(index: 4), names: ["4"]),
        Case(value: PluginRejection.Reason.optionField(index: 4, field: "unit"), names: ["unit"]),
        Case(value: PluginRejection.Reason.emptyKey(index: 5), names: ["5"]),
        Case(value: PluginRejection.Reason.duplicateOption("gain"), names: ["gain"]),
        Case(value: PluginRejection.Reason.unknownType(key: "gain", type: 99), names: ["gain", "99"]),
        Case(value: PluginRejection.Reason.tooManyChoices(key: "program", count: 5000), names: ["program", "5000"]),
        Case(value: PluginRejection.Reason.choiceFailed(key: "program", index: 7), names: ["program", "7"]),
        Case(value: PluginRejection.Reason.badRange(key: "gain", min: 2, max: 1), names: ["gain", "2", "1"]),
        Case(value: PluginRejection.Reason.rangeNotFinite(key: "gain", min: "nan", max: "1.0"), names: ["gain", "nan", "1.0"]),
        Case(value: PluginRejection.Reason.timbreNotChoice("gain"), names: ["gain"]),
        Case(value: PluginRejection.Reason.badKey("Gain Level"), names: ["Gain Level"]),
        Case(value: PluginRejection.Reason.duplicateChoice(key: "program", value: "c0"), names: ["program", "c0"]),
        Case(value: PluginRejection.Reason.badDefault(key: "gain", value: "7"), names: ["gain", "7"]),
        Case(value: PluginRejection.Reason.fractionalRange(key: "voices", min: 0.5, max: 3.5), names: ["voices", "0.5", "3.5"]),
        Case(value: PluginRejection.Reason.twoTimbres("program", "kit"), names: ["program", "kit"]),
        Case(value: PluginRejection.Reason.bridgeCannotStart(id: "org.x", .system("Too many open files")), names: ["org.x", "Too many open files"]),
        Case(value: PluginRejection.Reason.bridgeCannotStart(id: "org.x", .noProgram), names: ["org.x", "no peach program"]),
        Case(value: PluginRejection.Reason.probeCannotStart("Cannot allocate memory"), names: ["Cannot allocate memory"]),
        Case(value: PluginRejection.Reason.probeNoReport, names: []),
        Case(value: PluginRejection.Reason.probeTimeout(seconds: 2.5), names: ["2"]),
        Case(value: PluginRejection.Reason.probeCrashed(signal: 6), names: ["SIGABRT"]),
        Case(value: PluginRejection.Reason.probeExitStatus(3), names: ["3"]),
        Case(value: SourceUnavailable(descriptor: descriptor, libraryPath: "/lib/organ.so", reason: .said("no sequencer")),
             names: ["org.example.organ", "no sequencer"]),
        Case(value: SourceLookupError.unknown(id: "org.none", available: ["org.peach.sine"]), names: ["org.none", "org.peach.sine"]),
        Case(value: SourceLookupError.unknown(id: "org.none", available: []), names: ["org.none"]),
        Case(value: SourceLookupError.rejected(PluginRejection(path: "/lib/x.so", reason: .noSources)), names: ["/lib/x.so"]),
        Case(value: SourceOptionError.unknownKey(source: "org.x", key: "pan", known: ["gain"]), names: ["org.x", "pan", "gain"]),
        Case(value: SourceOptionError.unknownKey(source: "org.x", key: "pan", known: []), names: ["org.x", "pan"]),
        Case(value: SourceOptionError.wrongType(key: "gain", value: "loud", expected: .number), names: ["gain", "loud"]),
        Case(value: SourceOptionError.wrongType(key: "voices", value: "many", expected: .int), names: ["voices", "many"]),
        Case(value: SourceOptionError.wrongType(key: "mono", value: "yes", expected: .bool), names: ["mono", "yes"]),
        Case(value: SourceOptionError.outOfRange(key: "gain", value: "3", range: 0...2, unit: "dB"), names: ["gain", "3", "0", "2", "dB"]),
        Case(value: SourceOptionError.notAChoice(key: "program", value: "900", choices: ["1", "2"]), names: ["program", "900", "1, 2"]),
        Case(value: SourceOptionError.notAChoice(key: "program", value: "999", choices: (0...127).map(String.init)), names: ["program", "999", "0", "127"]),
        Case(value: SourceOptionError.notAChoice(key: "program", value: "viol", choices: ["40", "41"], close: ["Violin", "Viola"]),
             names: ["program", "'viol'", "Violin, Viola"]),
        Case(value: SourceOptionError.malformedAssignment("gain"), names: ["gain"]),
        Case(value: SourceOptionError.rejectedBySource(source: "org.x", key: "font", value: "/f.sf2", reason: .said("not a SoundFont")),
             names: ["org.x", "font", "/f.sf2", "not a SoundFont"]),
        Case(value: SourceOptionError.cannotReadBack(source: "org.x", key: "font", reason: .said("gone")), names: ["org.x", "font", "gone"]),
        Case(value: SourceOptionError.notLive(source: "org.x", key: "font"), names: ["org.x", "font"]),
        Case(value: PluginFolderWarning.relativeEntry(entry: "plugins", resolved: "/home/u/plugins"), names: ["plugins", "/home/u/plugins"]),
        Case(value: PluginFolderWarning.worldWritable(folder: "/tmp/p", writable: "/tmp/p"), names: ["/tmp/p"]),
        Case(value: PluginFolderWarning.worldWritable(folder: "/opt/p", writable: "/opt/p/x.so"), names: ["/opt/p", "/opt/p/x.so"]),
        Case(value: PluginFolderWarning.missingFolder(folder: "/opt/typo"), names: ["/opt/typo"]),
        Case(value: PluginFolderWarning.notAFolder(path: "/opt/libtone.so"), names: ["/opt/libtone.so"]),
        Case(value: SourceCatalog.Shadowed(id: "org.dup", path: "/b/dup.so", usedPath: "/a/dup.so"), names: ["org.dup", "/b/dup.so", "/a/dup.so"]),
    ]

    static let take = "/data/peach/recordings/Etude.flac"
    static let recordings: [Case] = [
        Case(value: RecordingError.file(.symbolicLink(path: take)), names: [take]),
        Case(value: RecordingError.nameEmpty, names: []),
        Case(value: RecordingError.nameHasSlash("a/b"), names: ["a/b", "/"]),
        Case(value: RecordingError.nameStartsWithDot(".hidden"), names: [".hidden"]),
        Case(value: RecordingError.nameStartsWithDash("-x"), names: ["'-x'"]),
        Case(value: RecordingError.nameHasOuterSpace(" x"), names: ["' x'"]),
        Case(value: RecordingError.nameHasControlCharacter("a\tb"), names: ["a\\tb"]),
        Case(value: RecordingError.nameTooLong(String(repeating: "x", count: 300), bytes: 300, limit: 200), names: ["300", "200"]),
        Case(value: RecordingError.nameTaken("Etude"), names: ["Etude"]),
        Case(value: RecordingError.exportExists(path: "/tmp/out.wav"), names: ["/tmp/out.wav"]),
        Case(value: RecordingError.cannotWrite(path: take, reason: "Permission denied"), names: [take, "Permission denied"]),
        Case(value: RecordingError.cannotRead(path: take, reason: "Permission denied"), names: [take, "Permission denied"]),
        Case(value: RecordingError.diskFull(path: take, seconds: 75.5), names: [take, "1:15"]),
        Case(value: RecordingError.damaged(path: take, .truncated(declared: 96_000)), names: [take, "96000"]),
        Case(value: TakeDamage.symbolicLink, names: []),
        Case(value: TakeDamage.notRegularFile, names: []),
        Case(value: TakeDamage.notATake(fileExtension: "txt"), names: [".flac", ".wav"]),
        Case(value: TakeDamage.unreadable(reason: "Format not recognised"), names: ["Format not recognised"]),
        Case(value: TakeDamage.empty, names: []),
    ]

    static let exchangeAndSettings: [Case] = [
        Case(value: ImportError.history(.cannotRead(path: "/in.csv", reason: "No such file or directory")), names: ["/in.csv"]),
        Case(value: ImportError.malformed(file: "/in.jsonl", line: 4, reason: .jsonLine(.answerWord)), names: ["/in.jsonl", "4", "\"answer\""]),
        Case(value: ImportError.empty(file: "/in.csv"), names: ["/in.csv"]),
        Case(value: CSVProblem.quoteNeverClosed, names: []),
        Case(value: CSVProblem.strayQuote, names: []),
        Case(value: CSVProblem.notUTF8, names: []),
        Case(value: CSVProblem.strayCarriageReturn, names: []),
        Case(value: CSVProblem.textAfterQuote, names: []),
        Case(value: CSVProblem.columnTwice("key"), names: ["key"]),
        Case(value: CSVProblem.noColumn("cents", required: ["timestamp", "key"]), names: ["cents", "timestamp,key"]),
        Case(value: CSVProblem.semicolons, names: []),
        Case(value: CSVProblem.tooFewFields(3, width: 12), names: ["3", "12"]),
        Case(value: CSVProblem.notNumber(column: "cents", value: "x"), names: ["cents", "x"]),
        Case(value: CSVProblem.notPositive(column: "reference", value: "-440"), names: ["reference", "-440"]),
        Case(value: CSVProblem.timestamp("yesterday", .layout), names: ["yesterday"]),
        Case(value: CSVProblem.key("300"), names: ["300"]),
        Case(value: CSVProblem.noteMismatch("D4", key: 60, name: "C4"), names: ["D4", "60", "C4"]),
        Case(value: CSVProblem.answer("up"), names: ["up"]),
        Case(value: CSVProblem.correct("maybe"), names: ["maybe"]),
        Case(value: CSVProblem.response("fast"), names: ["fast"]),
        Case(value: CSVProblem.timbre(.timbreNotStrings), names: ["\"timbre\""]),
        Case(value: CSVProblem.implausible(.responseTime(-1)), names: ["-1 s"]),
        Case(value: SettingsError.noConfigDirectory, names: []),
        Case(value: SettingsError.cannotRead(path: "/c/settings.json", reason: .system("Permission denied")), names: ["/c/settings.json", "Permission denied"]),
        Case(value: SettingsError.malformed(path: "/c/settings.json", syntax: JSONSyntaxError(line: 3, column: 9, key: "pause", problem: .expectedColon)),
             names: ["/c/settings.json", "3", "9", "pause"]),
        Case(value: SettingsError.notAnObject(path: "/c/settings.json"), names: ["/c/settings.json"]),
        Case(value: SettingsError.invalid(path: "/c/settings.json", line: 4, key: "pause", reason: .outside(9, range: 0...5, unit: "s")),
             names: ["/c/settings.json", "4", "pause", "9", "5", "s"]),
        Case(value: SettingsError.badSourceOptions(path: "/c/settings.json", line: nil, key: "sourceOptions"), names: ["/c/settings.json", "sourceOptions"]),
        Case(value: SettingsError.invalidValue(key: "style", reason: .notOneOf("wild", choices: ["standard", "focused"])), names: ["style", "wild", "standard"]),
        Case(value: SettingsError.unknownKey("colour"), names: ["colour", "pause"]),
        Case(value: SettingsError.unknownDevice(name: "hw:9", direction: .output, known: ["default"]), names: ["hw:9", "default"]),
        Case(value: SettingsError.unknownDevice(name: "hw:8", direction: .input, known: ["dsnoop"]), names: ["hw:8", "dsnoop"]),
        Case(value: SettingsError.cannotWrite(path: "/c/settings.json", reason: .cannotEncode), names: ["/c/settings.json"]),
        Case(value: SettingProblem.notMultiple(0.25, step: 0.1, unit: "s"), names: ["0", "25", "0", "1", "s"]),
        Case(value: SettingProblem.range(.malformed("C4")), names: ["C4"]),
        Case(value: SettingProblem.deviceUnsafe("hw:0 {"), names: ["hw:0 {"]),
        Case(value: SettingProblem.expectedNumber(got: .string("x")), names: []),
        Case(value: SettingProblem.expectedBool(got: .number(1)), names: []),
        Case(value: SettingProblem.expectedText(got: .null), names: ["null"]),
        Case(value: JSONSyntaxError(line: 2, column: 5, key: nil, problem: .badString(.scan(.shortEscape, column: nil))), names: ["2", "5", "\\u"]),
    ]

    @Test(arguments: files + musicAndTraining + history + audio + plugins + exchangeAndSettings + recordings)
    func wordedInBothLanguages(_ example: Case) {
        let english = example.value.text(in: .english), german = example.value.text(in: .german)
        for name in example.names {
            #expect(english.contains(name), "English names \(name): \(english)")
            #expect(german.contains(name), "German names \(name): \(german)")
        }
        for text in [english, german] {
            #expect(text.firstRange(of: #/%\d/#) == nil, "no placeholder left: \(text)")
            #expect(!text.isEmpty && !text.contains("\n"), "one line: \(text)")
        }
        #expect((english == german) == example.sameInBoth, "English: \(english) · German: \(german)")
    }

    /// The catalogue's own words, exactly as the layers said them before they
    /// carried data: what the CLI tests compare stays as it was.
    @Test func wordsAreTheCatalogues() {
        #expect(HistoryError.invalidAnswer(.centsOutside(1e308, ceiling: 300)).text(in: .english)
            == "cannot record this answer: cents is 1e+308; Peach plays differences of at most 300 cents up or down, never 0")
        #expect(EngineNotice.sourceSilent(frequency: 440.5, noteFrame: 9, milliseconds: 100).text(in: .german).contains("440,5"))
        // A frequency worked out from a key is said to a hundredth of a hertz, not to the last bit of a Double.
        #expect(EngineNotice.sourceSilent(frequency: 12543.853951415975, noteFrame: 0, milliseconds: 100).text(in: .english)
            == "the sound source played only silence for the first 100 ms of the note at 12543.85 Hz (frame 0) and was silenced")
        #expect(EngineNotice.noteRefused(noteID: 1, reason: 2, frequency: 207.65234878997256).text(in: .german).contains("207,65 Hz"))
        // A run of whole numbers (a MIDI program) is said by its ends, not as 128 words.
        #expect(SourceOptionError.notAChoice(key: "program", value: "999", choices: (0...127).map(String.init)).text(in: .english)
            == "option program: '999' is not one of its choices: the whole numbers 0 to 127")
        #expect(HistoryLineError.scan(.expectedKey, column: 8).text(in: .english) == "column 8: expected a \"key\"")
    }

    /// An error no layer words keeps its own description.
    @Test func anUnknownErrorKeepsItsOwnWords() {
        struct Plain: Error, CustomStringConvertible { var description: String { "plain words" } }
        #expect(text(of: Plain(), in: .german) == "plain words")
        #expect(text(of: NoteParseError.malformed("H4") as any Error, in: .german) == NoteParseError.malformed("H4").text(in: .german))
    }
}
