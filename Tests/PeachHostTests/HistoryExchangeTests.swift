import Foundation
import Glibc
import PeachAudio
import PeachHistory
import PeachHost
import PeachTestSupport
import PeachTraining
import Testing

/// CSV export and import, and importing history JSON lines: exact round
/// trips, no duplicates, and nothing half-imported.
@Suite struct HistoryExchangeTests {
    /// Answers with everything CSV must quote or keep exact, over two machines' files.
    static func fillHistory(_ data: String) throws {
        let laptop = try HistoryStore(directory: data, machine: "laptop"), desktop = try HistoryStore(directory: data, machine: "desktop")
        try laptop.append(answer(1_790_000_000.001, note: 21, cents: -0.1, direction: .lower, correct: true, response: 0, source: "comma, \"quote\""))
        try desktop.append(answer(1_790_000_000.002, note: 108, cents: 299.9, source: "line\r\nbreak é 🎻", reference: 415, noteSeconds: 0.25))
        try laptop.append(answer(1_790_000_003.5, note: 69, cents: 1.0000000000001, direction: .lower, correct: false, response: 12.345))
        try desktop.append(answer(1_790_000_003.5, note: 60, cents: -49.999999999999, reference: 466.16, noteSeconds: 3))
        for index in 0..<50 { try laptop.append(answer(1_790_000_010 + Double(index) * 3.1, note: 48 + index % 25, cents: Double(index % 7) + 1.3)) }
    }

    /// Every file under `folder` with its bytes, to show that nothing changed.
    static func contents(of folder: String) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder + "/" + path) { result[path] = data }
        }
        return result
    }

    @Test func exportImportExportIsByteIdenticalAndImportingTwiceChangesNothing() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try Self.fillHistory(folder.file("original"))
        let exported = try HistoryExport.csv(dataDirectory: folder.file("original"))
        #expect(exported.answers == 54)
        let text = String(decoding: exported.bytes, as: UTF8.self)
        #expect(text.hasPrefix("timestamp,key,note,first_hz,second_hz,cents,answer,correct,response_ms,source,reference_hz,note_seconds,timbre\r\n"))
        let lowest = 27.5 * pow(2, -0.1 / 1200)  // A0, 0.1 cent flat
        #expect(text.contains("\r\n2026-09-21T14:13:20.001Z,21,A0,27.5,\(lowest),-0.1,lower,true,0,\"comma, \"\"quote\"\"\",440.0,1.0,\r\n"))
        #expect(text.contains(",\"line\r\nbreak é 🎻\",415.0,0.25,\r\n"))
        try Data(exported.bytes).write(to: URL(fileURLWithPath: folder.file("history.csv")))

        let copy = folder.file("copy")
        let first = try HistoryImport.run(folder.file("history.csv"), dataDirectory: copy)
        #expect(first.read == 54 && first.added == 54 && first.file != nil)
        #expect(try HistoryStore(directory: copy).readAll().answers == HistoryStore(directory: folder.file("original")).readAll().answers)
        #expect(try HistoryExport.csv(dataDirectory: copy).bytes == exported.bytes, "exported again, byte for byte the same")

        let before = Self.contents(of: copy)
        let second = try HistoryImport.run(folder.file("history.csv"), dataDirectory: copy)
        #expect(second.read == 54 && second.added == 0 && second.file == nil)
        #expect(Self.contents(of: copy) == before, "importing again wrote nothing")
        // The original folder already holds every answer too.
        #expect(try HistoryImport.run(folder.file("history.csv"), dataDirectory: folder.file("original")).added == 0)

        // Saved again by a spreadsheet: every number held to fifteen significant digits. The same answers, so none is added
        // (398 of 400 were imported a second time).
        let spreadsheet = text.components(separatedBy: "\r\n").map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).map { field -> String in
                guard field.contains("."), let value = Double(field), !field.hasSuffix(".0") else { return String(field) }
                return String(format: "%.15g", value)
            }.joined(separator: ",")
        }.joined(separator: "\r\n")
        #expect(spreadsheet != text, "some numbers were rounded")
        try spreadsheet.write(toFile: folder.file("spreadsheet.csv"), atomically: true, encoding: .utf8)
        #expect(try HistoryImport.run(folder.file("spreadsheet.csv"), dataDirectory: copy).added == 0)
    }

    @Test func importWritesTheProfileSnapshotSoTheProfileNeedsNoRebuild() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try Self.fillHistory(folder.file("original"))
        try Data(HistoryExport.csv(dataDirectory: folder.file("original")).bytes).write(to: URL(fileURLWithPath: folder.file("h.csv")))
        _ = try HistoryImport.run(folder.file("h.csv"), dataDirectory: folder.file("copy"), now: 1_800_000_000)
        let store = try HistoryStore(directory: folder.file("copy"))
        let snapshot = try JSONDecoder().decode(ProfileReport.self, from: Data(try #require(try store.readSnapshot())))
        #expect(snapshot.answers == 54)
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.historyDirectory) == [store.machine + ".import-20270115T080000Z.jsonl"])
    }

    @Test func theTimbreTravelsThroughCSVAndOldExportsWithoutItStillImport() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        var flute = answer(1_790_000_000)
        flute.timbre = ["program": "73"]
        let document = String(decoding: HistoryCSV.document([answer(1_789_999_999), flute]), as: UTF8.self)
        let rows = document.split(separator: "\r\n")
        #expect(rows[0].hasSuffix(",note_seconds,timbre") && rows[1].hasSuffix(",1.0,") && rows[2].hasSuffix(#","{""program"":""73""}""#), "\(document)")
        try document.write(toFile: folder.file("new.csv"), atomically: true, encoding: .utf8)
        _ = try HistoryImport.run(folder.file("new.csv"), dataDirectory: folder.file("data"), now: 1_800_000_000)
        #expect(try HistoryStore(directory: folder.file("data")).readAll().answers == [answer(1_789_999_999), flute])
        try (Self.header + Self.good).write(toFile: folder.file("old.csv"), atomically: true, encoding: .utf8)
        let outcome = try HistoryImport.run(folder.file("old.csv"), dataDirectory: folder.file("data"), now: 1_800_000_001)
        #expect(outcome.added == 1)
    }

    static let header = "timestamp,key,note,first_hz,second_hz,cents,answer,correct,response_ms,source,reference_hz,note_seconds\r\n"
    static let good = "2026-11-21T19:07:00.123Z,60,C4,261.6255653005986,262.3822617494339,5.0,higher,true,812,org.peach.sine,440.0,1.0\r\n"

    /// Rows after the header and one good row, the line reported, and part of the reason.
    static let malformedRows: [(rows: String, line: Int, reason: String)] = [
        ("x\"y" + String(good.dropFirst(3)), 3, "a quote inside a field"),
        ("\"2026-11-21T19:07:00.123Z\"x" + String(good.dropFirst(24)), 3, "text after the closing quote"),
        (good.replacing("org.peach.sine", with: "\"unclosed"), 3, "a quoted field is never closed"),
        (good.replacing("org.peach.sine", with: "\"multi\r\nline\"") + good.replacing("higher", with: "up"), 5,
         "answer is \"up\", neither higher nor lower"),
        (good.replacing("261.6255653005986", with: "-261.6"), 3, "first_hz is -261.6, not a positive number"),
        (good.replacing("261.6255653005986", with: "0x10"), 3, "first_hz is \"0x10\", not a number"),
        (good.replacing("5.0,", with: "NaN,"), 3, "cents is \"NaN\", not a number"),
        (good.replacing("2026-11-21", with: "2026-02-30"), 3, "timestamp \"2026-02-30T19:07:00.123Z\" is not a date"),
        (good.replacing(",C4,", with: ",D4,"), 3, "note \"D4\" is not key 60 (C4)"),
        (good.replacing(",60,", with: ",+60,"), 3, "key is \"+60\""),
        (good.replacing(",812,", with: ",-1,"), 3, "response_ms is \"-1\""),
        (good.replacing(",true,", with: ",yes,"), 3, "correct is \"yes\""),
        (good.replacing(",1.0\r\n", with: "\r\n"), 3, "the row has 11 fields"),
        (good.replacing("\r\n", with: "\r"), 3, "a carriage return that does not end the line"),
        (good.replacing("5.0,", with: "1e308,"), 3, "cents is 1e+308; Peach plays differences of at most 300 cents"),
        (good.replacing(",440.0,", with: ",4400,"), 3, "reference is 4400 Hz, outside 400 to 480 Hz"),
        (good.replacing("262.3822617494339", with: "262.5"), 3, "secondHz is 262.5, but 5 cents above"),
        (good.replacing(",true,", with: ",false,"), 3, "correct is false, but the answer higher"),
        // What no training could have made: a note of 1e6 s, an answer of year 1 or before Peach, no source.
        (good.replacing(",1.0\r\n", with: ",1e6\r\n"), 3, "noteSeconds is 1000000 s; training plays notes of 0.1 to 10 s"),
        (good.replacing("2026-11-21", with: "0001-01-01"), 3, "time is 0001-01-01T19:07:00.123Z, before 1970-01-01T00:00:00.000Z"),
        (good.replacing("2026-11-21", with: "1969-12-31"), 3, "time is 1969-12-31T19:07:00.123Z, before 1970-01-01T00:00:00.000Z"),
        (good.replacing("org.peach.sine", with: ""), 3, "source is empty"),
        (good.replacing("org.peach.sine", with: " \t "), 3, "source is empty"),
    ]

    /// The import's error, if any.
    static func failure(importing file: String, into data: String) -> ImportError? {
        do { _ = try HistoryImport.run(file, dataDirectory: data) } catch { return error }
        return nil
    }

    @Test(arguments: malformedRows)
    func aMalformedRowIsReportedByLineAndNothingIsImported(rows: String, line: Int, reason: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try Self.fillHistory(folder.file("data"))
        let file = folder.file("bad.csv")
        try (Self.header + Self.good + rows).write(toFile: file, atomically: true, encoding: .utf8)
        let before = Self.contents(of: folder.file("data"))
        let error = try #require(Self.failure(importing: file, into: folder.file("data")))
        guard case .malformed(let reportedFile, let reportedLine, let reportedReason) = error else { Issue.record("\(error)"); return }
        #expect(reportedFile == file && reportedLine == line && reportedReason.words.contains(reason), "\(error)")
        #expect(error.words.hasPrefix("\(file) line \(line): ") && error.words.hasSuffix("nothing was imported"))
        #expect(Self.contents(of: folder.file("data")) == before, "the data folder is unchanged")
    }

    @Test func aBadHeaderOrBytesThatAreNotTextAreRefusedToo() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let cases: [(Data, Int, String)] = [
            (Data("when,key\r\n".utf8), 1, "the header row has no column timestamp"),
            (Data((Self.header.dropLast(2) + ",key\r\n").utf8), 1, "the header row has the column key twice"),
            // A spreadsheet set to German writes semicolons (and decimal commas): said so, not "no column timestamp".
            (Data((Self.header.replacingOccurrences(of: ",", with: ";") + "2026-11-21T19:07:00.123Z;60;C4;261,6\r\n").utf8), 1,
             "the columns are separated by semicolons"),
            (Data((Self.header + Self.good).utf8) + Data([0x61, 0xFF, 0x0D, 0x0A]), 3, "not valid UTF-8"),
        ]
        for (content, line, reason) in cases {
            try content.write(to: URL(fileURLWithPath: folder.file("bad.csv")))
            let error = Self.failure(importing: folder.file("bad.csv"), into: folder.file("data"))
            guard case .malformed(_, let reported, let text) = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(reported == line && text.words.contains(reason), "\(text.words)")
        }
        try Data().write(to: URL(fileURLWithPath: folder.file("empty.csv")))
        #expect(Self.failure(importing: folder.file("empty.csv"), into: folder.file("data")) == .empty(file: folder.file("empty.csv")))
        #expect(Self.failure(importing: folder.file("missing.csv"), into: folder.file("data"))
                == .history(.cannotRead(path: folder.file("missing.csv"), reason: "No such file or directory")))
    }

    @Test func columnsMayComeInAnyOrderWithOthersBesideThemAndRepeatedRowsCountOnce() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let expected = answer(1_795_288_020.123, cents: 5)
        let row = "1.0,440.0,org.peach.sine,812,true,higher,5.0,\(expected.secondHz),\(expected.firstHz),C4,60,2026-11-21T19:07:00.12"
        let csv = "comment,note_seconds,reference_hz,source,response_ms,correct,answer,cents,second_hz,first_hz,note,key,timestamp\r\n"
            + "first,\(row)3Z\r\n\r\nagain,\(row)3Z\r\nother,\(row)4Z"
        try csv.write(toFile: folder.file("odd.csv"), atomically: true, encoding: .utf8)
        let outcome = try HistoryImport.run(folder.file("odd.csv"), dataDirectory: folder.file("data"))
        #expect(outcome.read == 3 && outcome.added == 2)
        let answers = try HistoryStore(directory: folder.file("data")).readAll().answers
        #expect(answers.map(\.time) == [1_795_288_020.123, 1_795_288_020.124])
        #expect(answers[0] == expected)
    }

    @Test func historyJSONLinesImportWithoutDuplicatesAndABadLineStopsEverything() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.file("data")
        let store = try HistoryStore(directory: data, machine: "laptop")
        try store.append(answer(1_790_000_100))
        try store.append(answer(1_790_000_200))
        // Another machine's history: one answer already here, three new (one in the same millisecond as an old one), a blank line.
        let lines = [answer(1_790_000_200), answer(1_790_000_150, note: 61), answer(1_790_000_300, note: 62), answer(1_790_000_200.0004, note: 63)].map(HistoryLine.encode)
        try (lines[0] + "\n" + lines[1] + "\n\n" + lines[2] + "\n" + lines[3]).write(toFile: folder.file("tablet.jsonl"), atomically: true, encoding: .utf8)
        let outcome = try HistoryImport.run(folder.file("tablet.jsonl"), dataDirectory: data)
        #expect(outcome.read == 4 && outcome.added == 3)
        #expect(try store.readAll().answers.map(\.note.number) == [60, 61, 60, 63, 62])

        let before = Self.contents(of: data)
        try (lines[1] + "\n" + lines[2].replacingOccurrences(of: "\"higher\"", with: "\"sideways\"") + "\n")
            .write(toFile: folder.file("bad.jsonl"), atomically: true, encoding: .utf8)
        #expect(throws: ImportError.malformed(file: folder.file("bad.jsonl"), line: 2, reason: .jsonLine(.answerWord))) {
            try HistoryImport.run(folder.file("bad.jsonl"), dataDirectory: data)
        }
        #expect(Self.contents(of: data) == before)
    }

    @Test func importWaitsForNoTrainingSession() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let training = try HistoryStore(directory: folder.file("data"))
        try training.lockForTraining()
        try (HistoryLine.encode(answer(1_790_000_001)) + "\n").write(toFile: folder.file("one.jsonl"), atomically: true, encoding: .utf8)
        #expect(throws: ImportError.history(.alreadyTraining(directory: folder.file("data")))) {
            try HistoryImport.run(folder.file("one.jsonl"), dataDirectory: folder.file("data"))
        }
        #expect(try training.readAll().answers.isEmpty)
    }
}
