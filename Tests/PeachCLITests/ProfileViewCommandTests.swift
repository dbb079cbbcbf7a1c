import Foundation
import PeachAudio
import PeachHistory
import PeachHost
import PeachReports
import PeachTestSupport
import PeachTraining
import Testing

/// `peach profile`, `stats`, `export` and `import` as a user runs them.
@Suite struct ProfileViewCommandTests {
    static func peach(_ arguments: [String], environment: [String: String] = [:]) throws -> Shell.Output {
        try Shell.run([BuildProducts.peach] + arguments, environment: environment)
    }

    /// A data folder holding three weeks of a listener from C3 to C5, written by the history's own writer.
    static func trainedFolder(_ folder: TemporaryDirectory, end: Double = Date().timeIntervalSince1970) throws -> String {
        let data = folder.file("data")
        let answers = (0..<21).flatMap { day in
            simulatedHistory(count: 100, keys: 48...72, start: end - Double(21 - day) * 86_400, seed: UInt64(day)) { note in
                note == 69 ? 60 : 20
            }
        }
        _ = try HistoryStore(directory: data).addImported(answers, now: end)
        return data
    }

    @Test func theChartFitsTheColumnsAndNamesWeakSpots() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = try Self.trainedFolder(folder)
        for width in [50, 100] {
            let result = try Self.peach(["profile", "--data-dir", data], environment: ["COLUMNS": String(width)])
            #expect(result.status == 0, "\(result.standardError)")
            let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.allSatisfy { $0.unicodeScalars.count < width }, "\(result.standardOutput)")
            #expect(!result.standardOutput.contains("\u{1B}"), "no colour into a pipe")
            #expect(result.standardOutput.contains("C4") && result.standardOutput.contains("2100 answers"))
            #expect(result.standardOutput.contains("weakest first: A4\u{A0}"), "\(result.standardOutput)")
        }
        let empty = try Self.peach(["profile", "--data-dir", folder.file("empty")])
        #expect(empty.status == 0 && empty.standardOutput.hasPrefix("No answers yet"))
    }

    /// Peach wraps the weak spots to the window itself: never between a key and its threshold, at any
    /// width (a line ended in `A4` and the next began `25 ¢`).
    @Test func theWeakSpotsKeepEachKeyWithItsValueAtEveryWidth() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = try Self.trainedFolder(folder)
        for width in 24...90 {
            let result = try Self.peach(["profile", "--data-dir", data], environment: ["COLUMNS": String(width)])
            #expect(result.status == 0, "\(result.standardError)")
            let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
            let start = try #require(lines.firstIndex { $0.hasPrefix("Weak spots") }, "\(result.standardOutput)")
            let end = try #require(lines[start...].firstIndex { $0.hasSuffix(".") })
            let sentence = lines[start...end]
            #expect(sentence.joined(separator: " ").contains("A4"), "\(sentence)")
            for line in sentence {
                #expect(!line.contains(/(^|[ :,])[A-G]#?-?[0-9]$/), "a key without its value at width \(width): \(sentence)")
                #expect(!line.contains(/^ *[0-9.>]/), "a value without its key at width \(width): \(sentence)")
            }
        }
    }

    /// With no answers yet, profile and stats point to the training a person
    /// uses (`peach`, `peach train`), not to the machine protocol.
    @Test(arguments: [("en", "start training with `peach` (or straight away with `peach train`)"),
                      ("de", "Starte das Training mit `peach` (oder gleich mit `peach train`)")])
    func noAnswersYetPointsToTheTrainingScreen(language: String, pointer: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let environment = ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share"),
                           "XDG_CACHE_HOME": folder.file("cache"), "COLUMNS": "200"]
        for command in ["profile", "stats"] {
            let result = try Self.peach(["--lang", language, command, "--data-dir", folder.file("empty")], environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains(pointer), "\(command): \(result.standardOutput)")
            #expect(!result.standardOutput.contains("--headless"), "\(command): \(result.standardOutput)")
        }
    }

    /// Commands that only read the history make no folder, so a mistyped
    /// `--data-dir` leaves nothing behind (each made it, its parents,
    /// `history/` and `profile/`); a file where the folder belongs, or among
    /// its parents, is named rather than taken for an empty history, and so
    /// it is for the journal and the recordings (they listed nothing).
    @Test func aReportMakesNoFolderAndNamesAFileInItsPlace() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let environment = ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share"), "XDG_CACHE_HOME": folder.file("cache")]
        let file = folder.file("file")
        try Data().write(to: URL(fileURLWithPath: file))
        for command in [["profile"], ["stats"], ["export", "--csv", "-"], ["history", "check"], ["journal", "calendar", "--plain"],
                        ["journal", "list"], ["journal", "search", "bach"], ["record", "list"]] {
            let result = try Self.peach(command + ["--data-dir", folder.file("typo/peach")], environment: environment)
            #expect(result.status == 0, "\(command): \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder.file("typo")), "\(command)")
            for data in [file, file + "/peach"] {
                let refused = try Self.peach(command + ["--data-dir", data], environment: environment)
                #expect(refused.status == 1, "\(command)")
                #expect(refused.standardError == "Error: cannot read \(data): Not a directory\n", "\(command)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["file"])
    }

    /// The start page and `peach profile`, reading the same history, name the
    /// same weak spots in the same words: none after a short even history
    /// (the start page used to name three "weakest" keys there), and A4 first
    /// for a listener who hears it three times worse.
    @Test(arguments: [(30, [String]()), (2100, ["A4"])])
    func theStartPageAndTheProfileNameTheSameWeakSpots(answers: Int, first: [String]) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.file("data")
        let now = Date().timeIntervalSince1970
        let history = simulatedHistory(count: answers, keys: 48...72, start: now - Double(answers) * 3) { $0 == 69 && answers > 30 ? 60 : 20 }
        _ = try HistoryStore(directory: data).addImported(history, now: now)
        let environment = ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share"),
                           "XDG_CACHE_HOME": folder.file("cache"), "COLUMNS": "300"]

        let profile = try Self.peach(["profile", "--data-dir", data], environment: environment)
        #expect(profile.status == 0, "\(profile.standardError)")
        let profileSentence = try #require(profile.standardOutput.split(separator: "\n").first { $0.hasPrefix("Weak spots") }.map(String.init),
                                           "\(profile.standardOutput)")
        let terminal = try PseudoTerminal([BuildProducts.peach, "--data-dir", data], environment: environment, columns: 300, rows: 30)
        try terminal.waitFor(text: "Start training")
        let startSentence = try #require(terminal.screen.lines.first { $0.contains("Weak spots") }?.trimmingCharacters(in: .whitespaces))
        terminal.send("q")
        #expect(terminal.waitForExit() == 0)

        // Both say what the list is, and list the same keys in the same order (the start page fewer of them).
        func named(_ sentence: String) -> [String] {
            guard let list = sentence.split(separator: ": ", maxSplits: 1).last, sentence.contains("weakest first") else { return [] }
            return list.split(separator: ", ").map { String($0.split(whereSeparator: \.isWhitespace)[0]) }
        }
        #expect(startSentence.hasPrefix(profileSentence.prefix(while: { $0 != ":" })), "\(startSentence) | \(profileSentence)")
        #expect(named(profileSentence).starts(with: named(startSentence)) && !named(startSentence).isEmpty == !first.isEmpty,
                "\(startSentence) | \(profileSentence)")
        #expect(named(startSentence).prefix(first.count).elementsEqual(first), "\(startSentence)")
        if first.isEmpty {
            #expect(startSentence == profileSentence && profileSentence.contains("No key is clearly harder for you than your others"))
        }
    }

    @Test func oneKeyInDetailAndThePictureAndTheJSONContract() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = try Self.trainedFolder(folder)
        let detail = try Self.peach(["profile", "--note", "A4", "--data-dir", data])
        #expect(detail.status == 0, "\(detail.standardError)")
        let lines = detail.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "A4 · weak spot: harder for you than your other keys, register for register")
        #expect(lines.contains { $0.hasPrefix("threshold ") && $0.contains("80% band") })
        #expect(lines.contains { $0.contains(" answers · ") && $0.contains("% correct · smallest difference answered correctly ") })
        #expect(lines.contains { $0.hasPrefix("last trained ") && ($0.hasSuffix("(today)") || $0.hasSuffix("(yesterday)")) }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("trend: ") })

        let outside = try Self.peach(["profile", "--note", "C8", "--data-dir", data])
        #expect(outside.status == 1 && outside.standardError.contains("C8 is outside your profile's range, C3–C5"))
        let nonsense = try Self.peach(["profile", "--note", "H2", "--data-dir", data])
        #expect(nonsense.status != 0 && nonsense.standardError.contains("--note H2: 'H2' is not a note"))

        let picture = try Self.peach(["profile", "--svg", folder.file("profile.svg"), "--data-dir", data])
        #expect(picture.status == 0 && picture.standardError.hasPrefix("Wrote \(folder.file("profile.svg"))"))
        // Also written: the chart shows as without --svg.
        let chart = try Self.peach(["profile", "--data-dir", data]).standardOutput
        #expect(!chart.isEmpty && picture.standardOutput == chart, "\(picture.standardOutput)")
        let svg = try String(contentsOfFile: folder.file("profile.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.contains("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.hasSuffix("</svg>\n"))

        let json = try Self.peach(["profile", "--json", "--data-dir", data])
        let report = try JSONDecoder().decode(ProfileReport.self, from: Data(json.standardOutput.utf8))
        #expect(report.answers == 2100 && report.notes.first?.name == "C3" && report.notes.last?.name == "C5")
    }

    @Test func statsCountWhatTheHistoryHolds() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let now = Date().timeIntervalSince1970
        let data = folder.file("data")
        // Five sittings of 20 answers, 3 s apart: 40 days ago, 8 days ago, 2 days ago, 2 hours ago, 1 minute ago.
        let agesInSeconds: [Double] = [40 * 86_400, 8 * 86_400, 2 * 86_400, 7200, 117]
        let starts = agesInSeconds.map { now - $0 }
        let answers: [TrainingAnswer] = starts.enumerated().flatMap { index, start in
            simulatedHistory(count: 20, keys: (55 + index)...(60 + index), start: start, spacing: 3, seed: UInt64(index)) { _ in 25 }
        }
        _ = try HistoryStore(directory: data).addImported(answers, now: now)
        let result = try Self.peach(["stats", "--json", "--data-dir", data], environment: ["TZ": "UTC"])
        #expect(result.status == 0, "\(result.standardError)")
        let statistics = try JSONDecoder().decode(TrainingStatistics.self, from: Data(result.standardOutput.utf8))

        // Today and this week by Foundation's own calendar, in UTC, weeks from Monday.
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let today = calendar.startOfDay(for: Date()).timeIntervalSince1970
        let week = calendar.dateInterval(of: .weekOfYear, for: Date())!.start.timeIntervalSince1970
        #expect(statistics.pairs == 100)
        #expect(statistics.pairsToday == answers.count { $0.time >= today })
        #expect(statistics.pairsThisWeek == answers.count { $0.time >= week })
        #expect(statistics.sittings == 5)
        #expect(abs(statistics.trainingSeconds - 5 * (19 * 3 + 2 * 1 + 0.812)) < 0.01, "\(statistics.trainingSeconds)")
        #expect(statistics.keysTrained == Set(answers.map(\.note)).count)
        #expect(statistics.medianThresholdMonthAgo != nil && statistics.medianThresholdNow != nil)
        #expect(statistics.progress.period == .day && statistics.progress.points.count == 41)
        #expect(statistics.progress.points.reduce(0) { $0 + $1.answers } == 100)

        let text = try Self.peach(["stats", "--data-dir", data], environment: ["TZ": "UTC", "COLUMNS": "70"])
        #expect(text.standardOutput.contains("Pairs: 100 in all · \(statistics.pairsToday) today · \(statistics.pairsThisWeek) this week"))
        #expect(text.standardOutput.contains("Time spent training: 4 min in 5 sittings"))
        #expect(text.standardOutput.split(separator: "\n").allSatisfy { $0.unicodeScalars.count < 70 })
    }

    /// Answers dated after tomorrow (a clock set wrong) read well and counted
    /// as today's, and `history check` said nothing; it points them out now.
    @Test func historyCheckPointsOutAnswersFromTheFuture() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.file("data")
        let future = 4_102_444_800.0  // 2100-01-01
        let answers = simulatedHistory(count: 3, keys: 60...60, start: future, spacing: 3, seed: 1) { _ in 25 }
        let store = try HistoryStore(directory: data)
        for answer in answers { try store.append(answer) }
        let check = try Self.peach(["history", "check", "--data-dir", data])
        #expect(check.status == 0 && check.standardError.contains("3 answers are dated after tomorrow (the latest 2100-01-01T00:00:06"), "\(check)")
    }

    /// Training on many days, all before the sixty days the progress shows:
    /// it said "progress shows once you have trained on two different days".
    @Test func trainingBeforeTheDaysShownIsSaidSo() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let now = Date().timeIntervalSince1970
        let data = folder.file("data")
        let answers: [TrainingAnswer] = (0..<5).flatMap { day in
            simulatedHistory(count: 10, keys: 55...60, start: now - Double(100 + day) * 86_400, spacing: 3, seed: UInt64(day)) { _ in 25 }
        }.sorted { $0.time < $1.time }
        _ = try HistoryStore(directory: data).addImported(answers, now: now)
        let text = try Self.peach(["stats", "--by", "day", "--data-dir", data], environment: ["TZ": "UTC", "COLUMNS": "200"])
        #expect(text.standardOutput.contains("No two days of training among the latest 60, which the progress shows: --by week or --by month"),
                "\(text.standardOutput)")
    }

    @Test func exportThenImportIntoAnEmptyFolderRoundTripsByteForByte() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = try Self.trainedFolder(folder)
        let file = folder.file("history.csv")
        let export = try Self.peach(["export", "--csv", file, "--data-dir", data])
        #expect(export.status == 0 && export.standardError == "Wrote 2100 answers to \(file).\n", "\(export.standardError)")

        let copy = folder.file("copy")
        let first = try Self.peach(["import", file, "--data-dir", copy])
        #expect(first.status == 0 && first.standardOutput == "Imported 2100 of 2100 answers.\n", "\(first.standardOutput)\(first.standardError)")
        let again = try Self.peach(["export", "--csv", "--data-dir", copy])
        #expect(again.status == 0)
        #expect(Data(again.standardOutput.utf8) == (try Data(contentsOf: URL(fileURLWithPath: file))), "the same bytes")
        let twice = try Self.peach(["import", file, "--data-dir", copy])
        #expect(twice.standardOutput == "Imported 0 of 2100 answers (2100 already in the history, or twice in the file).\n")

        // CSV is the default: `peach export` alone writes it to standard output, as the help says (it demanded --csv).
        let noFormat = try Self.peach(["export", "--data-dir", data])
        let exported = try Data(contentsOf: URL(fileURLWithPath: file))
        #expect(noFormat.status == 0 && Data(noFormat.standardOutput.utf8) == exported)
        // A file's name may say the format, in any case.
        let named = folder.file("Named.CSV")
        #expect(try Self.peach(["export", named, "--data-dir", data]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: named)) == (try Data(contentsOf: URL(fileURLWithPath: file))))
        let foreign = try Self.peach(["export", folder.file("history.wav"), "--data-dir", data])
        #expect(foreign.status == 64 && !FileManager.default.fileExists(atPath: folder.file("history.wav")))
    }

    /// An export piped into an import: `-` is standard input, and a pipe is
    /// read to its end (`/dev/stdin` was read by its size, 0, and said to be empty).
    @Test func importReadsAPipe() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = try Self.trainedFolder(folder)
        let csv = try Self.peach(["export", "--csv", "-", "--data-dir", data]).standardOutput
        for (name, path) in [("dash", "-"), ("stdin", "/dev/stdin")] {
            let result = try Shell.run([BuildProducts.peach, "import", path, "--data-dir", folder.file(name)], input: csv)
            #expect(result.status == 0 && result.standardOutput == "Imported 2100 of 2100 answers.\n", "\(path): \(result)")
        }
        let empty = try Shell.run([BuildProducts.peach, "import", "-", "--data-dir", folder.file("empty")], input: "")
        #expect(empty.status == 1)
        #expect(empty.standardError == "Error: standard input is empty: not a Peach CSV or history file; nothing was imported\n")
    }

    /// A history file copied while it was written (its last line cut off) is
    /// imported but for that line, which is said (the import refused it); an
    /// answer dated after now is refused with its number and time.
    @Test func aCutOffLastLineIsSkippedAndAnAnswerFromTheFutureRefused() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = try Self.trainedFolder(folder)
        let history = try #require(try FileManager.default.contentsOfDirectory(atPath: data + "/history").first { $0.hasSuffix(".jsonl") })
        let lines = try String(contentsOfFile: data + "/history/" + history, encoding: .utf8).split(separator: "\n").prefix(5)
        try (lines.joined(separator: "\n") + "\n{\"v\":1").write(toFile: folder.file("copied.jsonl"), atomically: true, encoding: .utf8)
        let cut = try Self.peach(["import", folder.file("copied.jsonl"), "--data-dir", folder.file("copy")])
        #expect(cut.status == 0 && cut.standardOutput == "Imported 5 of 5 answers.\n", "\(cut)")
        #expect(cut.standardError.contains("\(folder.file("copied.jsonl")): skipped the last line, 6 bytes without a newline"), "\(cut.standardError)")

        let csv = try Self.peach(["export", "--data-dir", data]).standardOutput.components(separatedBy: "\r\n")
        try ([csv[0], "2099" + csv[1].dropFirst(4)].joined(separator: "\r\n") + "\r\n").write(toFile: folder.file("future.csv"), atomically: true, encoding: .utf8)
        let future = try Self.peach(["import", folder.file("future.csv"), "--data-dir", folder.file("later")])
        #expect(future.status == 1 && future.standardError.contains("\(folder.file("future.csv")): answer 1 was given at 2099-"), "\(future)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("later")))
    }

    /// Answers no training could have made (a note of 1e6 s, one of year 1 or of 1969, no source) are
    /// refused by `import` with the file, the line and the field, as other bad lines are; in a history
    /// file the same lines are damaged lines, named and left out, so an imported file and the history
    /// agree. (What training writes is taken: the trained folder's export imports whole, above.)
    @Test func answersNoTrainingCouldHaveMadeAreRefusedByImportAndLeftOutOfTheHistory() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = try Self.trainedFolder(folder)
        let rows = try Self.peach(["export", "--csv", "--data-dir", data]).standardOutput.components(separatedBy: "\r\n")
        let history = try #require(try FileManager.default.contentsOfDirectory(atPath: data + "/history").first { $0.hasSuffix(".jsonl") })
        let lines = try String(contentsOfFile: data + "/history/" + history, encoding: .utf8).split(separator: "\n").map(String.init)
        let implausible: [(column: Int, value: String, field: String, reason: String)] = [
            (11, "1e6", #""noteSeconds":1000000"#, "noteSeconds is 1000000 s; training plays notes of 0.1 to 10 s"),
            (0, "0001-01-01T00:00:00.000Z", #""time":"0001-01-01T00:00:00.000Z""#,
             "time is 0001-01-01T00:00:00.000Z, before 1970-01-01T00:00:00.000Z: Peach recorded no answer that early"),
            (0, "1969-12-31T23:59:59.999Z", #""time":"1969-12-31T23:59:59.999Z""#,
             "time is 1969-12-31T23:59:59.999Z, before 1970-01-01T00:00:00.000Z: Peach recorded no answer that early"),
            (9, "", #""source":"""#, "source is empty; every answer names the sound source it was played on"),
        ]
        var damaged: [String] = []
        for (index, bad) in implausible.enumerated() {
            var csv = rows, fields = rows[4].components(separatedBy: ",")
            fields[bad.column] = bad.value
            csv[4] = fields.joined(separator: ",")
            let key = bad.field.prefix { $0 != ":" }
            let line = try #require(lines[2].firstRange(of: try Regex(key + #":("[^"]*"|[0-9.]+)"#)).map { lines[2].replacingCharacters(in: $0, with: bad.field) })
            damaged.append(line)
            try csv.joined(separator: "\r\n").write(toFile: folder.file("bad.csv"), atomically: true, encoding: .utf8)
            try (lines[..<2] + [line] + lines[3...]).joined(separator: "\n").appending("\n").write(toFile: folder.file("bad.jsonl"), atomically: true, encoding: .utf8)
            for (file, number) in [(folder.file("bad.csv"), 5), (folder.file("bad.jsonl"), 3)] {
                let result = try Self.peach(["import", file, "--data-dir", folder.file("copy\(index)")])
                #expect(result.status == 1, "\(bad.reason): \(result)")
                #expect(result.standardError.contains("\(file) line \(number): \(bad.reason); nothing was imported"), "\(result.standardError)")
                #expect(!FileManager.default.fileExists(atPath: folder.file("copy\(index)")), "the data folder was not even created")
            }
        }

        // The same answers in another machine's history file: named as damaged and left out, never read as answers.
        let tablet = data + "/history/tablet.jsonl"
        try (damaged.joined(separator: "\n") + "\n").write(toFile: tablet, atomically: true, encoding: .utf8)
        let check = try Self.peach(["history", "check", "--data-dir", data])
        #expect(check.status == 1)
        #expect(check.standardOutput.split(separator: "\n").map(String.init)
                == implausible.enumerated().map { "\(tablet) line \($0.offset + 1): \($0.element.reason)" }, "\(check.standardOutput)")
        let export = try Self.peach(["export", "--csv", "--data-dir", data])
        #expect(export.status == 0 && export.standardOutput.components(separatedBy: "\r\n").count == rows.count, "the 2100 answers, and no other")
        #expect(export.standardError.contains("\(tablet): 4 damaged lines left out"), "\(export.standardError)")
    }

    @Test func aMalformedRowStopsTheImportWithItsLineNumber() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = try Self.trainedFolder(folder)
        let csv = try Self.peach(["export", "--csv", "--data-dir", data]).standardOutput
        var rows = csv.components(separatedBy: "\r\n")
        rows[41] = rows[41].replacingOccurrences(of: ",higher,", with: ",up,").replacingOccurrences(of: ",lower,", with: ",up,")
        try rows.joined(separator: "\r\n").write(toFile: folder.file("bad.csv"), atomically: true, encoding: .utf8)
        let result = try Self.peach(["import", folder.file("bad.csv"), "--data-dir", folder.file("copy")])
        #expect(result.status == 1)
        #expect(result.standardError.contains("\(folder.file("bad.csv")) line 42: answer is \"up\", neither higher nor lower; nothing was imported"),
                "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("copy")), "the data folder was not even created")
    }
}
