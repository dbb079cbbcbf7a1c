import Foundation
@testable import PeachHost
import PeachAudio
import PeachFiles
import PeachHistory
import PeachMusic
import PeachTestSupport
import PeachTraining
import Testing

/// The on-disk history: real files written, damaged the way crashes and
/// other processes damage them, and read back.
@Suite struct HistoryStoreTests {
    static let exampleLine = #"{"v":1,"time":"2026-11-21T19:07:00.123Z","note":60,"name":"C4","firstHz":261.6255653,"secondHz":262.3822617,"cents":5.0,"answer":"higher","correct":true,"responseMs":812,"source":"org.peach.sine","reference":440.0,"noteSeconds":1.0}"#

    // MARK: folders

    /// The data folder may be a link (kept in a synced place); `history` and
    /// `profile` inside it may not: training wrote its answers through a
    /// planted link to a folder outside.
    @Test func aLinkedHistoryOrProfileFolderIsRefusedAndNothingIsWrittenThere() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let outside = folder.file("outside"), real = folder.file("real")
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        #expect(symlink(real, folder.file("data")) == 0)
        _ = try HistoryStore(directory: folder.file("data"), machine: "m1")  // the data folder itself: fine
        for name in ["history", "profile"] {
            let data = folder.file("data-\(name)")
            try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
            #expect(symlink(outside, data + "/" + name) == 0)
            for creating in [true, false] {
                #expect(throws: HistoryError.symbolicLink(path: data + "/" + name)) { try HistoryStore(directory: data, machine: "m1", creating: creating) }
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty)
    }

    // MARK: lines

    @Test func theIssuesExampleLineReadsAndWritesBackUnchanged() throws {
        let answer = try HistoryLine.decode(Self.exampleLine)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let expectedTime = try #require(formatter.date(from: "2026-11-21T19:07:00.123Z")).timeIntervalSince1970
        #expect(abs(answer.time - expectedTime) < 1e-6)
        #expect(answer == TrainingAnswer(time: answer.time, note: MIDINote(number: 60)!, firstHz: 261.6255653, secondHz: 262.3822617,
                                         cents: 5, answer: .higher, correct: true, responseSeconds: 0.812, sourceID: "org.peach.sine",
                                         reference: 440, noteSeconds: 1))
        #expect(HistoryLine.encode(answer) == Self.exampleLine)
    }

    @Test func answersRoundTripThroughTheFileExactly() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        let answers = [
            answer(TrainingAnswer.earliestTime, note: 0, cents: -0.05, source: "quote \" backslash \\ slash / newline \n tab \t bell \u{07} del \u{7F}"),
            answer(TrainingAnswer.earliestTime + 0.001, note: 127, cents: 0.1, direction: .lower, correct: false, response: 0, source: "é 🎻 ünïcödé"),
            answer(1_795_000_000.123, note: 69, cents: 0.0000001, response: 12.345, reference: 415, noteSeconds: 0.25),
            answer(1_795_000_000.124, note: 21, cents: -49.999999999999, direction: .lower, reference: 466.16, noteSeconds: 3),
            answer(253_402_300_799.999, note: 108, cents: 299.5678901234567, response: 0.001),
        ]
        for answer in answers { try store.append(answer) }
        let read = try store.readAll()
        #expect(read.answers == answers)
        #expect(read.warnings.isEmpty)
        let text = text(store.ownHistoryPath)
        #expect(read.consumedBytes == ["laptop.jsonl": text.utf8.count])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == answers.count + 1 && lines.last == "", "one line per answer, each ending in a newline")
        #expect(lines[2].contains(#""cents":0.0000001,"#), "cents as a plain decimal: \(lines[2])")
        #expect(lines[2].contains(#""time":"2026-11-18T11:06:40.123Z""#), "\(lines[2])")
        #expect(lines[0].contains(#""time":"1970-01-01T00:00:00.000Z""#), "the earliest time an answer may have: \(lines[0])")
        #expect(lines[4].contains(#""time":"9999-12-31T23:59:59.999Z""#), "\(lines[4])")
        #expect(lines[1].contains(#""responseMs":0,"#) && lines[2].contains(#""responseMs":12345,"#))
        // Frequencies to far better than 1e-9 relative: as written, they read back as the same Doubles.
        for (line, answer) in zip(lines, answers) {
            #expect(line.contains("\"firstHz\":\(answer.firstHz),\"secondHz\":\(answer.secondHz),"), "\(line)")
        }
    }

    @Test func numbersReadBackAsTheDoublesTheStandardLibraryReads() throws {
        var generator = SystemRandomNumberGenerator()
        var texts = ["0", "-0.0", "1", "440.0", "261.6255653005986", "0.30000000000000004", "9007199254740993", "18446744073709551615",
                     "123456789012345678901234567890", "1.7976931348623157e308", "4.9e-324", "2.5e2", "1E-3", "-7.25e+1",
                     "0.000000000000000000001234567890123456789", "99999999999999999999e-20"]
        for _ in 0..<20000 {
            texts.append(String(Double.random(in: 8...20000, using: &generator)))
            texts.append(String(Double(bitPattern: UInt64.random(in: 0x3E00_0000_0000_0000...0x4300_0000_0000_0000, using: &generator))))
            let digits = String((0..<Int.random(in: 1...19, using: &generator)).map { _ in "0123456789".randomElement(using: &generator)! })
            let point = Int.random(in: 0...digits.count, using: &generator)
            let decimal = "1" + digits.prefix(point) + (point < digits.count ? "." + digits.dropFirst(point) : "")
            texts.append(decimal + (Bool.random(using: &generator) ? "" : "e\(Int.random(in: -25...25, using: &generator))"))
        }
        #if arch(x86_64)
        // Decimals within a hair of halfway between two Doubles, where only an exact remainder rounds right.
        for _ in 0..<5000 {
            let low = Double.random(in: Bool.random(using: &generator) ? 0.001...0.01 : 8...20000, using: &generator)
            let halfway = (Float80(low) + Float80(low.nextUp)) / 2  // exact in Float80's 64-bit significand
            texts.append(String(format: "%.18Le", halfway))  // 19 significant digits, just above or below halfway
        }
        #endif
        for text in texts {
            // The scanner alone: most of these numbers are no difference Peach plays, which a whole line refuses.
            let cents = try #require(FlatJSONScanner.number(exactly: text))
            #expect(cents == Double(text)! && cents.sign == Double(text)!.sign, "\(text) read as \(cents)")
        }
    }

    @Test func timesMatchFoundationsISO8601ToTheMillisecond() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var generator = SystemRandomNumberGenerator()
        // From 1600 (Foundation's calendar is Julian before 1582) to 9999.
        let times = [0.0, 951_782_400.0, 951_868_800.5, 4_107_542_400.0] + (0..<5000).map { _ in
            Double(Int64.random(in: -11_676_096_000_000...253_402_300_799_999, using: &generator)) / 1000
        }
        for time in times {
            let written = UTCTimestamp.format(time)
            #expect(written == formatter.string(from: Date(timeIntervalSince1970: time)), "\(time)")
            #expect(written.utf8.withContiguousStorageIfAvailable { UTCTimestamp.parse($0) } == .success(time), "\(written)")
            // A line holds it as written; one before Peach's earliest answer is refused (`valuesPeachCannotHaveRecordedAreRefused`).
            guard time >= TrainingAnswer.earliestTime else { continue }
            let line = HistoryLine.encode(answer(time))
            #expect(line.split(separator: "\"")[safe: 5].map(String.init) == written, "\(line)")
            #expect(try HistoryLine.decode(line).time == time, "\(written)")
        }
        for (text, seconds) in [("2000-01-01T00:00:00Z", 946_684_800.0), ("2000-01-01T00:00:00.5Z", 946_684_800.5),
                                ("2000-02-29T12:00:00.000001Z", 951_825_600.000001)] {
            let line = Self.exampleLine.replacingOccurrences(of: "2026-11-21T19:07:00.123Z", with: text)
            #expect(abs(try HistoryLine.decode(line).time - seconds) < 1e-9, "\(text)")
        }
    }

    @Test(arguments: [
        (#"[1]"#, "column 1: a line must be one JSON object starting with {"),
        (#"{"v":1,}"#, "column 8: expected a \"key\""),
        (#"{"v":1 "note":60}"#, "column 8: expected , or } after a value"),
        (#"{"v" 1}"#, "column 6: expected : after a key"),
        (#"{"v":1} x"#, "column 9: unexpected text after the closing }"),
        (#"{"v":01}"#, "column 7: a number cannot start with 0 followed by digits"),
        (#"{"v":1.}"#, "column 8: a number needs digits after the decimal point"),
        (#"{"v":-}"#, "column 7: a number needs a digit after -"),
        (#"{"v":1e}"#, "column 8: a number needs digits in its exponent"),
        (#"{"v":1e999}"#, "column 11: a number is too large"),
        (#"{"v":{"a":1}}"#, "column 6: nested objects and arrays are not allowed"),
        (#"{"v":tru}"#, "column 6: expected a value (a string, number, true, false or null)"),
        (#"{"v":1,"source":"open"#, "column 22: a string is not closed"),
        ("{\"v\":1,\"source\":\"tab\there\"}", "column 21: a string contains a raw control character (write it as an escape)"),
        (#"{"v":1,"v":1}"#, "\"v\" appears twice"),
        (#"{"note":60}"#, "\"v\" is missing"),
        (#"{"v":"1"}"#, "\"v\" is not a number"),
        (#"{"v":0}"#, "\"v\" is 0; history schemas start at 1"),
        (#"{"v":1.5}"#, "\"v\" is not a whole number"),
    ])
    func malformedLinesSayWhatIsWrong(line: String, reason: String) {
        #expect((#expect(throws: HistoryLineError.self) { try HistoryLine.decode(line) })?.words == reason)
    }

    @Test(arguments: [
        (#""cents":5.0"#, #""cents":"5""#, "\"cents\" is not a number"),
        (#""firstHz":261.6255653"#, #""firstHz":-261.6255653"#, "\"firstHz\" is -261.6255653, not a positive number"),
        (#""note":60"#, #""note":128"#, "\"note\" 128 is outside MIDI's 0 to 127"),
        (#""name":"C4""#, #""name":"D4""#, "\"name\" D4 is not note 60 (C4)"),
        (#""answer":"higher""#, #""answer":"up""#, "\"answer\" is neither \"higher\" nor \"lower\""),
        (#""correct":true"#, #""correct":1"#, "\"correct\" is not true or false"),
        (#""responseMs":812"#, #""responseMs":812.5"#, "\"responseMs\" is not a whole number"),
        (#""responseMs":812"#, #""responseMs":-1"#, "\"responseMs\" is negative"),
        (#""source":"org.peach.sine","#, #""#, "\"source\" is missing"),
        (#""source":"org.peach.sine""#, #""source":null"#, "\"source\" is not a string"),
        (#""source":"org.peach.sine""#, #""source":"\q""#, "a string has the unknown escape \\q"),
        (#""source":"org.peach.sine""#, #""source":"\ud83c""#, "a string has an unpaired surrogate \\uD83C"),
        (#""source":"org.peach.sine""#, #""source":"\ud83cx""#, "a string has an unpaired surrogate \\uD83C"),
        (#""source":"org.peach.sine""#, #""source":"\udfbb""#, "a string has an unpaired surrogate \\uDFBB"),
        (#""source":"org.peach.sine""#, #""source":"\u12""#, "a string has a \\u escape without four hex digits"),
        (#""source":"org.peach.sine""#, #""source":"\u00zz""#, "a string has a \\u escape without four hex digits"),
        (#""time":"2026-11-21T19:07:00.123Z""#, #""time":"2026-02-29T19:07:00.123Z""#, "\"time\" 2026-02-29T19:07:00.123Z is not a date in the calendar"),
        (#""time":"2026-11-21T19:07:00.123Z""#, #""time":"2026-11-21T24:00:00.000Z""#, "\"time\" 2026-11-21T24:00:00.000Z is not a time of day"),
        (#""time":"2026-11-21T19:07:00.123Z""#, #""time":"2026-11-21 19:07:00.123Z""#, "\"time\" 2026-11-21 19:07:00.123Z is not an ISO-8601 UTC time like 2026-11-21T19:07:00.123Z"),
        (#""time":"2026-11-21T19:07:00.123Z""#, #""time":"2026-11-21T19:07:00.123+01:00""#, "\"time\" 2026-11-21T19:07:00.123+01:00 is not an ISO-8601 UTC time like 2026-11-21T19:07:00.123Z"),
    ])
    func wrongFieldsAreNamed(field: String, replacement: String, reason: String) throws {
        let line = Self.exampleLine.replacingOccurrences(of: field, with: replacement)
        try #require(line != Self.exampleLine)
        #expect((#expect(throws: HistoryLineError.self) { try HistoryLine.decode(line) })?.words == reason)
    }

    @Test func stringEscapesWhiteSpaceFlatSpellingsAndUnknownKeysAreAccepted() throws {
        let line = Self.exampleLine
            .replacingOccurrences(of: #""source":"org.peach.sine""#, with: #" "source" : "a\"b\\c\/d\u00e9\ud83c\udfbb\n\t\b\f\r" , "extra" : [1] "#)
        #expect(try HistoryLine.decode(line).sourceID == "a\"b\\c/dé🎻\n\t\u{08}\u{0C}\r", "an unknown key's array is passed over")
        let flat = line.replacingOccurrences(of: "[1]", with: "null").replacingOccurrences(of: #""name":"C4""#, with: #""name":"B#3""#) + " \r"
        let answer = try HistoryLine.decode(flat)
        #expect(answer.sourceID == "a\"b\\c/dé🎻\n\t\u{08}\u{0C}\r")
        #expect(answer.note.number == 60)
    }

    @Test func theTimbreIsRecordedAndLinesWithoutItStillRead() throws {
        var flute = try HistoryLine.decode(Self.exampleLine)
        #expect(flute.timbre.isEmpty, "a line written before timbres were recorded")
        flute.timbre = ["program": "73", "font": "My \"GM\" font.sf2"]
        let line = HistoryLine.encode(flute)
        #expect(line == String(Self.exampleLine.dropLast()) + #","timbre":{"font":"My \"GM\" font.sf2","program":"73"}}"#)
        #expect(try HistoryLine.decode(line) == flute)
        var violin = flute
        violin.timbre["program"] = "40"
        #expect(!HistoryLine.sameLine(flute, violin), "answers on different instruments are told apart")
        #expect(HistoryLine.encode(try HistoryLine.decode(Self.exampleLine)) == Self.exampleLine, "no timbre, no field")
        for bad in [#"{"program":73}"#, #"{"program":["73"]}"#, #""73""#, #"{"program":"73""#] {
            let broken = String(Self.exampleLine.dropLast()) + #","timbre":"# + bad + "}"
            #expect(throws: HistoryLineError.self, "\(bad)") { try HistoryLine.decode(broken) }
        }
        // A file of answers on one instrument, then another, read back through the store.
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        var answers = (0..<4).map { answer(at(Double($0))) }
        for index in 2..<4 { answers[index].timbre = ["shape": "soft"] }
        for answer in answers { try store.append(answer) }
        #expect(try store.readAll().answers == answers)
    }

    @Test func unknownFieldsWithNestedValuesFromANewerPeachAreIgnored() throws {
        let nested = #","device":{"name":"hw:1","rates":[44100,48000,{"x":"]}\""}],"empty":{}},"tags":[[],[[1]],"}"],"n":{"a":[{"b":null}]}}"#
        let line = String(Self.exampleLine.dropLast()) + nested
        let answer = try HistoryLine.decode(line)
        #expect(answer == (try HistoryLine.decode(Self.exampleLine)))
        // Brackets that do not match, or a nested value never closed, are still damage.
        for broken in [#","x":{"a":[1}}"#, #","x":{"a":[1]"#, #","x":[1,{"y":"}"#] {
            #expect(throws: HistoryLineError.self, "\(broken)") { try HistoryLine.decode(String(Self.exampleLine.dropLast()) + broken) }
        }
        // A known field stays flat.
        #expect(throws: HistoryLineError.self) { try HistoryLine.decode(Self.exampleLine.replacingOccurrences(of: #""source":"org.peach.sine""#, with: #""source":{"id":"x"}"#)) }
    }

    @Test(arguments: [
        (#""cents":5.0"#, #""cents":1e308"#, "cents is 1e+308; Peach plays differences of at most 300 cents up or down, never 0"),
        (#""cents":5.0"#, #""cents":0"#, "cents is 0; Peach plays differences of at most 300 cents up or down, never 0"),
        (#""reference":440.0"#, #""reference":300"#, "reference is 300 Hz, outside 400 to 480 Hz"),
        (#""firstHz":261.6255653"#, #""firstHz":262.6255653"#, "firstHz is 262.6255653, but key C4 at A4 = 440 Hz is 261.6255653005986 Hz"),
        (#""secondHz":262.3822617"#, #""secondHz":263"#, "secondHz is 263, but 5 cents above 261.6255653 Hz is 262.3822617494339 Hz"),
        (#""correct":true"#, #""correct":false"#, "correct is false, but the answer higher to a difference of 5 cents says otherwise"),
        (#""time":"2026-11-21T19:07:00.123Z""#, #""time":"0001-01-01T00:00:00.000Z""#,
         "time is 0001-01-01T00:00:00.000Z, before 1970-01-01T00:00:00.000Z: Peach recorded no answer that early"),
        (#""time":"2026-11-21T19:07:00.123Z""#, #""time":"1969-12-31T23:59:59.999Z""#,
         "time is 1969-12-31T23:59:59.999Z, before 1970-01-01T00:00:00.000Z: Peach recorded no answer that early"),
        (#""noteSeconds":1.0"#, #""noteSeconds":1e6"#, "noteSeconds is 1000000 s; training plays notes of 0.1 to 10 s"),
        (#""noteSeconds":1.0"#, #""noteSeconds":0.05"#, "noteSeconds is 0.05 s; training plays notes of 0.1 to 10 s"),
        (#""source":"org.peach.sine""#, #""source":"""#, "source is empty; every answer names the sound source it was played on"),
        (#""source":"org.peach.sine""#, #""source":" \t""#, "source is empty; every answer names the sound source it was played on"),
    ])
    func valuesPeachCannotHaveRecordedAreRefused(field: String, replacement: String, reason: String) throws {
        let line = Self.exampleLine.replacingOccurrences(of: field, with: replacement)
        try #require(line != Self.exampleLine)
        #expect((#expect(throws: HistoryLineError.self) { try HistoryLine.decode(line) })?.words == reason)
        // The same checks guard what is appended.
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var bad = try HistoryLine.decode(Self.exampleLine)
        bad.cents = 1e308
        let error = #expect(throws: HistoryError.invalidAnswer(.centsOutside(1e308, ceiling: 300))) { try makeStore(directory).append(bad) }
        #expect(error?.words == "cannot record this answer: cents is 1e+308; Peach plays differences of at most 300 cents up or down, never 0")
    }

    /// What training writes is never refused: every note length the setting (and `--duration`, which it
    /// checks) offers, from the earliest time an answer may have.
    @Test func everyAnswerTrainingCanRecordReadsBack() throws {
        guard case .number(let lengths, _, _) = Setting.noteDuration.kind else { Issue.record("note-duration is a number"); return }
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        let answers = [answer(TrainingAnswer.earliestTime, noteSeconds: lengths.lowerBound),
                       answer(Date().timeIntervalSince1970.rounded(), noteSeconds: lengths.upperBound)]
        for answer in answers { try store.append(answer) }
        #expect(try store.readAll().answers == answers)
    }

    // MARK: files

    @Test func twoMachinesFilesAreMergedInTimeOrder() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let laptop = try makeStore(directory, machine: "laptop")
        let desktop = try makeStore(directory, machine: "desktop")
        for time in [1.0, 3, 5] { try laptop.append(answer(at(time), source: "laptop")) }
        for time in [2.0, 3, 4] { try desktop.append(answer(at(time), source: "desktop")) }
        // A third machine whose clock was set back: its own lines are sorted, ties kept in line order.
        try Data(([7.0, 6, 0.5, 6].enumerated().map { HistoryLine.encode(answer(at($0.element), source: "tablet \($0.offset)")) + "\n" }).joined().utf8)
            .write(to: URL(fileURLWithPath: laptop.historyDirectory + "/tablet.jsonl"))
        let read = try laptop.readAll()
        #expect(read.answers.map(\.time) == [0.5, 1, 2, 3, 3, 4, 5, 6, 6, 7].map(at))
        #expect(read.answers.map(\.sourceID) == ["tablet 2", "laptop", "desktop", "desktop", "laptop", "desktop", "laptop",
                                                 "tablet 1", "tablet 3", "tablet 0"])
        #expect(read.consumedBytes.keys.sorted() == ["desktop.jsonl", "laptop.jsonl", "tablet.jsonl"])
        #expect(read.consumedBytes["desktop.jsonl"] == bytes(desktop.ownHistoryPath).count)
        #expect(try desktop.readAll().answers == read.answers, "every machine sees the same history")
    }

    @Test func aTornLastLineIsSkippedWithAWarningThenSetAsideBeforeTheNextAppend() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var store = try makeStore(directory)
        let answers = [answer(at(10)), answer(at(11)), answer(at(12))]
        for answer in answers { try store.append(answer) }
        let complete = text(store.ownHistoryPath)
        // Another process dies having written part of a line.
        let fragment = String(HistoryLine.encode(answer(at(13))).prefix(40))
        let writer = try Shell.run(["/bin/sh", "-c", #"printf %s "$0" >> "$1""#, fragment, store.ownHistoryPath])
        #expect(writer.status == 0)
        #expect(text(store.ownHistoryPath) == complete + fragment)

        let read = try store.readAll()
        #expect(read.answers == answers)
        #expect(read.warnings.map(\.words) == ["\(store.ownHistoryPath): skipped the last line, 40 bytes without a newline (cut off while being written?); nothing before it is lost"])
        #expect(read.consumedBytes["laptop.jsonl"] == complete.utf8.count)
        #expect(text(store.ownHistoryPath) == complete + fragment, "reading changes nothing")

        store = try makeStore(directory)  // Peach starts again
        try store.append(answer(at(14)))
        #expect(text(store.ownHistoryPath) == complete + HistoryLine.encode(answer(at(14))) + "\n")
        let asides = try FileManager.default.contentsOfDirectory(atPath: store.historyDirectory).filter { $0.hasPrefix("laptop.jsonl.torn-") }
        try #require(asides.count == 1)
        #expect(text(store.historyDirectory + "/" + asides[0]) == fragment, "the fragment is kept")
        let after = try store.readAll()
        #expect(after.answers == answers + [answer(at(14))])
        #expect(after.warnings.isEmpty)
    }

    @Test func aWholeLastLineWithoutItsNewlineIsAnAnswerAndGetsItsNewlineBeforeTheNextAppend() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var store = try makeStore(directory)
        try store.append(answer(at(10)))
        try appendText(HistoryLine.encode(answer(at(11))), to: store.ownHistoryPath)  // cut exactly at the line's end
        let before = text(store.ownHistoryPath)
        let read = try store.readAll()
        #expect(read.answers == [answer(at(10)), answer(at(11))])
        #expect(read.warnings.isEmpty)
        #expect(read.consumedBytes["laptop.jsonl"] == before.utf8.count)
        #expect(try store.readNew(since: read.consumedBytes).answers.isEmpty, "read once, not again")

        store = try makeStore(directory)
        try store.append(answer(at(12)))
        #expect(text(store.ownHistoryPath) == before + "\n" + HistoryLine.encode(answer(at(12))) + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.historyDirectory) == ["laptop.jsonl"], "nothing set aside as torn")
        #expect(try store.readAll().answers == [answer(at(10)), answer(at(11)), answer(at(12))])
        let later = try store.readNew(since: read.consumedBytes)
        #expect(later.answers == [answer(at(12))] && !later.isComplete)
    }

    @Test func aZeroFilledTailAfterPowerLossIsSetAsideToo() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var store = try makeStore(directory)
        try store.append(answer(at(1)))
        let complete = bytes(store.ownHistoryPath)
        try Data(complete + [UInt8](repeating: 0, count: 100)).write(to: URL(fileURLWithPath: store.ownHistoryPath))
        let read = try store.readAll()
        #expect(read.answers == [answer(at(1))] && read.warnings.count == 1)
        store = try makeStore(directory)
        try store.append(answer(at(2)))
        #expect(try store.readAll().answers == [answer(at(1)), answer(at(2))])
        #expect(bytes(store.ownHistoryPath).count == complete.count + HistoryLine.encode(answer(at(2))).utf8.count + 1)
    }

    @Test func aWriterKilledWhileAppendingLosesNoCompleteLine() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        let line = HistoryLine.encode(answer(at(100)))
        let middle = line.index(line.startIndex, offsetBy: line.count / 2)
        // Appends each line in two writes, as fast as it can, until killed.
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", #"while :; do printf %s "$0" >> "$2"; printf '%s\n' "$1" >> "$2"; done"#,
                            String(line[..<middle]), String(line[middle...]), store.ownHistoryPath]
        try writer.run()
        let deadline = Date() + 10
        while bytes(store.ownHistoryPath).count < 20 * line.utf8.count && Date() < deadline { usleep(5000) }
        kill(writer.processIdentifier, SIGKILL)
        writer.waitUntilExit()
        #expect(writer.terminationReason == .uncaughtSignal)

        let written = bytes(store.ownHistoryPath)
        let completeLines = written.filter { $0 == 0x0A }.count
        let torn = written.last != 0x0A
        let read = try store.readAll()
        #expect(read.answers.count == completeLines)
        #expect(read.answers.allSatisfy { $0 == answer(at(100)) })
        #expect(read.warnings.count == (torn ? 1 : 0))
        try store.append(answer(at(200)))
        let after = try store.readAll()
        #expect(after.answers.count == completeLines + 1 && after.answers.last == answer(at(200)))
        #expect(after.warnings.isEmpty)
        let asides = try FileManager.default.contentsOfDirectory(atPath: store.historyDirectory).filter { $0.contains(".torn-") }
        #expect(asides.count == (torn ? 1 : 0))
    }

    /// A line of megabytes (a planted or damaged file with no line ends) is
    /// skipped to its end and named, not read into memory whole; the answers
    /// around it are read. One at the file's end is a torn tail.
    @Test func aLineOfMegabytesIsSkippedNotHeld() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        try store.append(answer(at(1)))
        let long = String(repeating: "x", count: 3 * HistoryFileReader.chunkBytes + 17)
        try appendText(long + "\n" + HistoryLine.encode(answer(at(2))) + "\n", to: store.ownHistoryPath)
        let read = try store.readAll()
        #expect(read.answers == [answer(at(1)), answer(at(2))])
        #expect(read.damaged.first?.lines.map(\.number) == [2])
        #expect(read.damaged.first?.lines.first?.reason == .tooLong(bytes: long.utf8.count))
        try appendText(long, to: store.ownHistoryPath)
        let torn = try store.readAll()
        #expect(torn.answers == [answer(at(1)), answer(at(2))])
        #expect(torn.warnings.contains { $0 == .tornTail(path: store.ownHistoryPath, bytes: long.utf8.count) }, "\(torn.warnings)")
    }

    @Test func damagedLinesAreLeftOutAndNamedAllAtOnceAndTheFileIsLeftAlone() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        try store.append(answer(at(1)))
        try store.append(answer(at(2)))
        let firstRead = try store.readAll()
        let bad = HistoryLine.encode(answer(at(3))).replacingOccurrences(of: #""cents":5.0"#, with: #""cents":"five""#)
        let huge = HistoryLine.encode(answer(at(4))).replacingOccurrences(of: #""cents":5.0"#, with: #""cents":1e308"#)
        let newer = #"{"v":2,"time":1795000000,"note":"C4"}"#
        try appendText([bad, HistoryLine.encode(answer(at(5))), huge, "{\"v\":1,", newer, HistoryLine.encode(answer(at(6))), bad].joined(separator: "\n") + "\n",
                       to: store.ownHistoryPath)
        let before = text(store.ownHistoryPath)
        let read = try store.readAll()
        #expect(read.answers == [answer(at(1)), answer(at(2)), answer(at(5)), answer(at(6))], "training goes on with every good line")
        let damaged = try #require(read.damaged.first)
        #expect(read.damaged.count == 1 && damaged.file == store.ownHistoryPath && damaged.count == 5)
        #expect(damaged.lines.map(\.number) == [3, 5, 6, 7, 9])
        #expect(damaged.lines[0].reason.words == "\"cents\" is not a number")
        #expect(damaged.lines[3].reason.words == "written by a newer Peach (history schema 2); this Peach reads schema 1: update Peach")
        #expect(read.warnings.map(\.words) == ["\(store.ownHistoryPath): 5 damaged lines left out, the file unchanged (peach history check lists them, "
                                  + "and peach help history check says how to repair): line 3: \"cents\" is not a number; line 5: cents is 1e+308; Peach plays "
                                  + "differences of at most 300 cents up or down, never 0; line 6: column 8: expected a \"key\"; and 2 more"])
        let later = try store.readNew(since: firstRead.consumedBytes)
        #expect(later.damaged.first?.lines.map(\.number) == [3, 5, 6, 7, 9], "the line numbers count the lines before the offset too")
        try store.append(answer(at(7)))
        #expect(text(store.ownHistoryPath) == before + HistoryLine.encode(answer(at(7))) + "\n", "never rewritten")
        #expect(try store.readEvidence().evidence.count == 5)
    }

    @Test func machinesFilesAreReadAtOnceAndEveryBadFileIsNamed() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory, machine: "laptop")
        // Enough lines that the files are still being read side by side when one of them fails.
        let good = (0..<20_000).map { HistoryLine.encode(answer(at(Double($0)))) + "\n" }.joined()
        let bad = HistoryLine.encode(answer(at(1))).replacingOccurrences(of: #""cents":5.0"#, with: #""cents":"five""#) + "\n"
        for (name, text) in [("desktop", good + bad), ("laptop", good), ("tablet", bad + good)] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: store.historyDirectory + "/\(name).jsonl"))
        }
        let read = try store.readEvidence()
        #expect(read.evidence.count == 60_000)
        #expect(read.damaged.map(\.file) == [store.historyDirectory + "/desktop.jsonl", store.historyDirectory + "/tablet.jsonl"])
        #expect(read.damaged.map { $0.lines.map(\.number) } == [[20_001], [1]])
    }

    @Test func aMillionDamagedLinesAreCountedNotAllKept() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        try Data(String(repeating: "x\n", count: 200_000).utf8).write(to: URL(fileURLWithPath: store.ownHistoryPath))
        let read = try store.readAll()
        #expect(read.damaged.first?.count == 200_000 && read.damaged.first?.lines.count == DamagedLines.kept)
        #expect(read.warnings.first?.words.hasSuffix("; and 199997 more") == true)
    }

    @Test func readNewReturnsOnlyWhatCameSinceAndEverythingWhenAFileShrank() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let laptop = try makeStore(directory, machine: "laptop")
        try laptop.append(answer(at(1)))
        try laptop.append(answer(at(2)))
        let first = try laptop.readAll()
        #expect(first.isComplete)
        try laptop.append(answer(at(5)))
        let desktop = try makeStore(directory, machine: "desktop")
        try desktop.append(answer(at(4), source: "desktop"))
        try appendText(String(HistoryLine.encode(answer(at(6))).prefix(10)), to: desktop.ownHistoryPath)  // still being synchronised

        let second = try laptop.readNew(since: first.consumedBytes)
        #expect(second.answers == [answer(at(4), source: "desktop"), answer(at(5))])
        #expect(!second.isComplete)
        #expect(second.warnings.count == 1)
        #expect(try laptop.readNew(since: second.consumedBytes).answers.isEmpty)

        try appendText(String(HistoryLine.encode(answer(at(6))).dropFirst(10)) + "\n", to: desktop.ownHistoryPath)  // the rest arrives
        let third = try laptop.readNew(since: second.consumedBytes)
        #expect(third.answers == [answer(at(6))] && third.warnings.isEmpty && !third.isComplete)

        // The synchronisation tool replaces the desktop's file with a shorter one.
        try Data((HistoryLine.encode(answer(at(3), source: "desktop")) + "\n").utf8).write(to: URL(fileURLWithPath: desktop.ownHistoryPath))
        let fourth = try laptop.readNew(since: third.consumedBytes)
        #expect(fourth.isComplete)
        #expect(fourth.answers == [answer(at(1)), answer(at(2)), answer(at(3), source: "desktop"), answer(at(5))])
    }

    @Test func anAnswerThatWouldNotReadBackIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        var broken = answer(at(1))
        broken.secondHz = .nan
        let error = #expect(throws: HistoryError.self) { try store.append(broken) }
        #expect(error?.words == "cannot record this answer: secondHz is nan, not a positive number")
        #expect(!FileManager.default.fileExists(atPath: store.ownHistoryPath))
    }

    // MARK: two processes

    @Test func anotherProcessTrainingOnTheFolderIsRefusedUntilItStops() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var store: HistoryStore? = try makeStore(directory)
        try store?.append(answer(at(1)))  // appending takes the lock and holds it for the store's life
        let second = try makeStore(directory)
        let refusal = HistoryError.alreadyTraining(directory: directory.path + "/data")
        #expect(throws: refusal) { try second.lockForTraining() }
        #expect(throws: refusal) { try second.append(answer(at(2))) }
        #expect(refusal.words == "another Peach is already writing answers to this data folder (\(directory.path)/data), training or importing; let it finish first")
        store = nil
        try second.lockForTraining()
        withExtendedLifetime(second) {}

        // A separate process takes the same lock with flock(1).
        let released = try makeStore(directory, machine: "desktop")
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/bin/sh")
        holder.arguments = ["-c", #"exec 9>>"$0"; flock -n 9 || exit 1; echo locked; exec sleep 60"#, released.lockPath]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        defer { if holder.isRunning { kill(holder.processIdentifier, SIGKILL) } }
        let said = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        try #require(said == "locked\n", "the child could not take the lock: \(said)")
        #expect(throws: refusal) { try released.lockForTraining() }
        #expect(try released.readAll().answers == [answer(at(1))], "reading needs no lock")
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        try released.lockForTraining()
        try released.append(answer(at(2)))
        #expect(try released.readAll().answers == [answer(at(1)), answer(at(2))])
    }

    // MARK: links planted in the data folder

    @Test func symbolicLinksInTheDataFolderAreRefusedAndTheirTargetsLeftAlone() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        let target = directory.file("precious.txt")
        let precious = "the user's own file\nwithout a final newline"
        try precious.write(toFile: target, atomically: false, encoding: .utf8)
        func unchanged() -> Bool { text(target) == precious }

        // The own history file: no append, no torn tail copied out of the target.
        try FileManager.default.createSymbolicLink(atPath: store.ownHistoryPath, withDestinationPath: target)
        #expect(throws: HistoryError.symbolicLink(path: store.ownHistoryPath)) { try store.append(answer(at(1))) }
        #expect(throws: HistoryError.symbolicLink(path: store.ownHistoryPath)) { try store.readAll() }
        #expect(HistoryError.symbolicLink(path: store.ownHistoryPath).words.hasPrefix("refused \(store.ownHistoryPath): it is a symbolic link"))
        #expect(unchanged())
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.historyDirectory) == ["laptop.jsonl"], "nothing copied beside it")
        try FileManager.default.removeItem(atPath: store.ownHistoryPath)

        // The lock (of a machine that has not taken it yet).
        let desktop = try makeStore(directory, machine: "desktop")
        try FileManager.default.createSymbolicLink(atPath: desktop.lockPath, withDestinationPath: target)
        #expect(throws: HistoryError.symbolicLink(path: desktop.lockPath)) { try desktop.lockForTraining() }
        #expect(unchanged())

        // The snapshot: not read through, and a new one replaces the link, never the target.
        try FileManager.default.createSymbolicLink(atPath: store.snapshotPath, withDestinationPath: target)
        #expect(throws: HistoryError.symbolicLink(path: store.snapshotPath)) { try store.readSnapshot() }
        let temporary = AtomicFile.temporaryPath(for: store.snapshotPath, process: getpid())
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: target)
        #expect(throws: HistoryError.symbolicLink(path: temporary)) { try store.writeSnapshot(Array("{}".utf8)) }
        #expect(unchanged())
        try? FileManager.default.removeItem(atPath: temporary)  // the failed write already unlinked it (the link, not its target)
        try store.writeSnapshot(Array("{}".utf8))
        #expect(try store.readSnapshot() == Array("{}".utf8))
        #expect(unchanged())

        // Another machine's history file, and a FIFO that would block a reader.
        try FileManager.default.createSymbolicLink(atPath: store.historyDirectory + "/desktop.jsonl", withDestinationPath: target)
        #expect(throws: HistoryError.symbolicLink(path: store.historyDirectory + "/desktop.jsonl")) { try store.readEvidence() }
        try FileManager.default.removeItem(atPath: store.historyDirectory + "/desktop.jsonl")
        #expect(mkfifo(store.historyDirectory + "/tablet.jsonl", 0o600) == 0)
        #expect(throws: HistoryError.notRegularFile(path: store.historyDirectory + "/tablet.jsonl")) { try store.readEvidence() }
        #expect(unchanged())
    }

    @Test func temporaryFilesOfAKilledWriterAreRemovedAtTheNextStartButNothingElse() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        let dead = "2147483646", alive = "\(getppid())"
        let left = ["laptop.import-20261121T190700Z.jsonl.tmp-\(dead)"]
        let kept = ["laptop.import-20261121T190700Z.jsonl.tmp-\(alive)", "desktop.import-20261121T190700Z.jsonl.tmp-\(dead)",
                    "laptop.jsonl.tmp-\(dead)x", "notes.tmp-\(dead)", "laptop.jsonl"]
        for name in left + kept { try Data("x".utf8).write(to: URL(fileURLWithPath: store.historyDirectory + "/" + name)) }
        let target = directory.file("precious")
        try Data("mine".utf8).write(to: URL(fileURLWithPath: target))
        let link = "laptop.import-20261121T190701Z.jsonl.tmp-\(dead)"
        try FileManager.default.createSymbolicLink(atPath: store.historyDirectory + "/" + link, withDestinationPath: target)
        try Data("half".utf8).write(to: URL(fileURLWithPath: store.snapshotPath + ".tmp-\(dead)"))
        _ = try makeStore(directory)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: store.historyDirectory)) == Set(kept + [link]))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/data/profile").isEmpty)
        #expect(text(target) == "mine")
    }

    // MARK: snapshot

    @Test func theSnapshotIsReplacedAtomically() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let store = try makeStore(directory)
        #expect(try store.readSnapshot() == nil)
        let old = Array(#"{"profile":"old"}"#.utf8), new = Array(#"{"profile":"new"}"#.utf8)
        try store.writeSnapshot(old)
        #expect(try store.readSnapshot() == old)

        // Left by crashes: one at the name this process uses, one by a process long gone.
        let own = store.snapshotPath + ".tmp-\(getpid())", gone = store.snapshotPath + ".tmp-2147483646"
        try Data("half a snap".utf8).write(to: URL(fileURLWithPath: own))
        try Data("half another".utf8).write(to: URL(fileURLWithPath: gone))
        #expect(try store.readSnapshot() == old)

        // A write that fails (its temporary file cannot be made) leaves the old snapshot.
        try FileManager.default.removeItem(atPath: own)
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: false)
        #expect(throws: HistoryError.self) { try store.writeSnapshot(new) }
        #expect(try store.readSnapshot() == old)
        try FileManager.default.removeItem(atPath: own)

        try store.writeSnapshot(new)
        #expect(try store.readSnapshot() == new)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/data/profile") == ["laptop.json"],
                "no temporary file is left behind")
    }

    // MARK: where

    @Test func theDataFolderFollowsOverrideThenXDGThenHome() throws {
        #expect(try DataDirectory.resolve(override: "/mnt/peach", environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]) == "/mnt/peach")
        #expect(try DataDirectory.resolve(override: "/mnt/peach", environment: [:]) == "/mnt/peach")
        #expect(try DataDirectory.resolve(override: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"]) == "/xdg/peach")
        #expect(try DataDirectory.resolve(override: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.local/share/peach")
        #expect(try DataDirectory.resolve(override: nil, environment: ["HOME": "/home/u"]) == "/home/u/.local/share/peach")
        #expect(throws: HistoryError.noDataDirectory) { try DataDirectory.resolve(override: nil, environment: ["XDG_DATA_HOME": ""]) }
        #expect(HistoryError.noDataDirectory.words.contains("--data-dir"))
    }

    @Test func theStoreCreatesAPrivateDataFolder() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let data = directory.path + "/deep/er/peach"
        let store = try HistoryStore(directory: data, machine: "lab/pc 2")
        for folder in [directory.path + "/deep", data, data + "/history", data + "/profile"] {
            let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
            #expect(mode == 0o700, "\(folder)")
        }
        #expect(store.ownHistoryPath == data + "/history/lab-pc-2.jsonl")
        #expect(store.snapshotPath == data + "/profile/lab-pc-2.json")
        #expect(store.lockPath == data + "/lab-pc-2.lock")
        try Data().write(to: URL(fileURLWithPath: directory.path + "/file"))
        let inTheWay = #expect(throws: HistoryError.fileInTheWay(path: directory.path + "/file")) {
            try HistoryStore(directory: directory.path + "/file/peach")
        }
        #expect(inTheWay?.words == "cannot create the folder \(directory.path)/file: a file is in the way")
    }

    @Test func theMachineNameIsTheHostPlusItsIDUnlessChosen() throws {
        #expect(MachineName.resolve(environment: ["PEACH_MACHINE": "Lab PC/2"]) == "Lab-PC-2")
        #expect(MachineName.sanitised("../x") == "machine..-x")
        #expect(MachineName.sanitised("") == "machine")
        let name = MachineName.resolve(environment: [:])
        #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }, "\(name)")
        var host = [CChar](repeating: 0, count: 256)
        gethostname(&host, 255)
        let hostname = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(name.hasPrefix(MachineName.sanitised(hostname)), "\(name)")
        if let id = try? String(contentsOfFile: "/etc/machine-id", encoding: .utf8), id.count >= 8 {
            #expect(name.hasSuffix("-" + id.prefix(8)), "\(name)")
        }
        #expect(MachineName.current == MachineName.resolve())
    }

    // MARK: helpers

    func makeStore(_ directory: TemporaryDirectory, machine: String = "laptop") throws -> HistoryStore {
        try HistoryStore(directory: directory.path + "/data", machine: machine)
    }

    func bytes(_ path: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))) ?? []
    }

    func text(_ path: String) -> String {
        String(decoding: bytes(path), as: UTF8.self)
    }

    func appendText(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// `second` seconds into a day of 2026: the answers here are as Peach records them, and it recorded none before 2000.
private func at(_ second: Double) -> Double { 1_790_000_000 + second }
