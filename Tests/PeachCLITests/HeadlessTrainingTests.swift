import Foundation
import PeachAudio
import PeachHistory
import PeachHost
import PeachMusic
import PeachTestSupport
import PeachTraining
import Testing

/// `peach train --headless`: the JSON Lines contract other front ends use.
@Suite struct HeadlessTrainingTests {
    struct Line: Decodable, Equatable {
        var type: String
        var id: Int?
        var note: Int?
        var name: String?
        var firstHz: Double?
        var secondHz: Double?
        var cents: Double?
        var correct: Bool?
        var message: String?
    }

    static func train(_ input: [String], dataDirectory: String, extra: [String] = ["--seed", "42"]) throws -> (lines: [Line], result: Shell.Output) {
        let result = try Shell.run([BuildProducts.peach, "train", "--headless", "--no-audio", "--data-dir", dataDirectory] + extra,
                                   input: input.map { $0 + "\n" }.joined())
        let lines = try result.standardOutput.split(separator: "\n").map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
        return (lines, result)
    }

    @Test func speaksTheProtocolAndSavesExactlyTheAnsweredPairs() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        let runaway = String(repeating: "x", count: 100_000)
        let answers = ["higher", "lower", "nonsense", "lower", runaway, "higher", "quit", "higher"]
        let (lines, result) = try Self.train(answers, dataDirectory: data.path)
        #expect(result.status == 0, "\(result.standardError)")

        let pairs = lines.filter { $0.type == "pair" }
        let feedback = lines.filter { $0.type == "feedback" }
        #expect(lines.contains(Line(type: "error", message: "expected higher, lower, again or quit, not 'nonsense'")))
        // A runaway line is quoted by its start.
        #expect(lines.contains(Line(type: "error", message: "expected higher, lower, again or quit, not '\(runaway.prefix(60))…'")))
        // Pairs 3 and 4 are sent again after the errors; the session stops at quit, after four answers.
        #expect(pairs.map(\.id) == [1, 2, 3, 3, 4, 4, 5])
        #expect(pairs[2] == pairs[3])
        #expect(feedback.map(\.id) == [1, 2, 3, 4])
        for pair in pairs {
            let measured = 1200 * log2(pair.secondHz! / pair.firstHz!)
            #expect(abs(measured - pair.cents!) < 1e-6, "firstHz, secondHz and cents agree")
            #expect(pair.name == MIDINote(number: pair.note!)!.name)
            #expect(abs(pair.firstHz! - Pitch.frequency(of: MIDINote(number: pair.note!)!)) < 1e-9, "the first note is the key itself")
        }
        #expect(abs(pairs[0].cents!) == 100, "a cold start plays 100 cents")

        // The history holds exactly the four answered pairs, each correct as the feedback said.
        let history = try HistoryStore(directory: data.path).readAll().answers
        let answered = [pairs[0], pairs[1], pairs[3], pairs[5]]
        #expect(history.count == 4)
        for (index, answer) in history.enumerated() {
            #expect(answer.note.number == answered[index].note && answer.cents == answered[index].cents)
            #expect(answer.answer.rawValue == ["higher", "lower", "lower", "higher"][index])
            #expect(answer.correct == feedback[index].correct)
            #expect(answer.correct == ((answer.cents > 0) == (answer.answer == .higher)))
            #expect(answer.sourceID == "org.peach.sine" && answer.reference == 440 && answer.noteSeconds == 1)
        }
    }

    /// `again` plays a pair in place of the one not answered: a new id, the
    /// same key and size, its direction drawn anew; only the answered one is saved.
    @Test func againPlaysThePairAnewAndSavesOnlyTheAnswer() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        let replies = ["higher"] + Array(repeating: "again", count: 12) + ["lower", "quit"]
        let (lines, result) = try Self.train(replies, dataDirectory: data.path)
        #expect(result.status == 0, "\(result.standardError)")
        let pairs = lines.filter { $0.type == "pair" }
        #expect(pairs.map(\.id) == Array(1...15))
        #expect(lines.filter { $0.type == "feedback" }.map(\.id) == [1, 14])
        let heardAgain = pairs[1...13]
        #expect(heardAgain.allSatisfy { $0.note == pairs[1].note && abs($0.cents!) == abs(pairs[1].cents!) }, "\(heardAgain.map { ($0.note!, $0.cents!) })")
        #expect(Set(heardAgain.map { $0.cents! > 0 }).count == 2, "the direction is drawn anew: both come")
        let history = try HistoryStore(directory: data.path).readAll().answers
        #expect(history.count == 2 && history[1].note.number == pairs[13].note && history[1].cents == pairs[13].cents && history[1].answer == .lower)
    }

    @Test func theSameSeedAndAnswersGiveTheSamePairs() throws {
        let one = TemporaryDirectory(), two = TemporaryDirectory(), other = TemporaryDirectory()
        defer { one.remove(); two.remove(); other.remove() }
        let answers = Array(repeating: ["higher", "lower", "lower", "higher", "higher"], count: 8).flatMap { $0 }
        let first = try Self.train(answers, dataDirectory: one.path).lines
        let second = try Self.train(answers, dataDirectory: two.path).lines
        let different = try Self.train(answers, dataDirectory: other.path, extra: ["--seed", "43"]).lines
        #expect(first.count == 81)
        #expect(first == second)
        #expect(first != different)
    }

    @Test func resumesWhereItLeftOff() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        _ = try Self.train(Array(repeating: "higher", count: 30), dataDirectory: data.path)
        let (lines, result) = try Self.train(["quit"], dataDirectory: data.path)
        #expect(result.status == 0)
        // Not a cold start: the first pair of the new session follows the profile.
        #expect(abs(lines.first!.cents!) != 100)
        let profile = try Shell.run([BuildProducts.peach, "profile", "--json", "--data-dir", data.path])
        let report = try JSONDecoder().decode(ProfileReport.self, from: Data(profile.standardOutput.utf8))
        #expect(report.answers == 30)
        #expect(report.notes.reduce(0) { $0 + $1.answers } == 30)
        #expect(report.notes.allSatisfy { $0.aboveCurve != nil }, "every key says how far it stands above the listener's own curve")
    }

    @Test func aManualRangeIsRespected() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        let (lines, _) = try Self.train(Array(repeating: "lower", count: 40), dataDirectory: data.path, extra: ["--range", "C2-E2", "--seed", "1"])
        let notes = Set(lines.compactMap(\.note))
        #expect(notes.isSubset(of: Set(36...40)) && !notes.isEmpty)
        // Any case, as notes are read: `c2-e2`, `Adaptive`.
        let (lower, _) = try Self.train(["lower"], dataDirectory: data.path, extra: ["--range", "c2-e2", "--seed", "2"])
        #expect(Set(lower.compactMap(\.note)).isSubset(of: Set(36...40)))
        let adaptive = try Shell.run([BuildProducts.peach, "train", "--headless", "--no-audio", "--data-dir", data.path, "--range", "Adaptive"], input: "quit\n")
        #expect(adaptive.status == 0, "\(adaptive.standardError)")
        let bad = try Shell.run([BuildProducts.peach, "train", "--headless", "--no-audio", "--data-dir", data.path, "--range", "C2-Q9"])
        #expect(bad.status != 0 && bad.standardError.contains("--range: 'C2-Q9': 'Q9' is not a note"), "\(bad.standardError)")
        // C0 is a MIDI note, but not a key of the piano, which is what training covers.
        let offThePiano = try Shell.run([BuildProducts.peach, "train", "--headless", "--no-audio", "--data-dir", data.path, "--range", "C0-C1"])
        #expect(offThePiano.status != 0)
        #expect(offThePiano.standardError.contains("--range: 'C0-C1' goes beyond the piano: C0 is not a key Peach trains; the keys go from A0 to C8\n"),
                "\(offThePiano.standardError)")
    }

    /// A fixed range the source cannot play is refused before any pair, with
    /// what the source plays; the range a source can play trains.
    @Test func aRangeTheSourceCannotPlayIsRefusedBeforeAnyPair() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        // The fixture declares 20 to 2000 Hz (C7 is 2093 Hz).
        try CPlugin.build(BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/abi11_source.c", named: "libabi11", in: folder.path)
        let result = try Shell.run([BuildProducts.peach, "train", "--headless", "--data-dir", folder.file("data"), "--plugin-path", folder.path,
                                    "--source", "org.peach.test.abi11", "--range", "C6-C7", "--wav", folder.file("out.wav")], input: "higher\nquit\n")
        #expect(result.status == 1)
        let lines = try result.standardOutput.split(separator: "\n").map { try JSONDecoder().decode(Line.self, from: Data($0.utf8)) }
        let words = "org.peach.test.abi11 plays 20 to 2000 Hz with its current options, the keys A0 to B6 at A4 = 440 Hz; "
            + "the training range C6-C7 reaches beyond them: train keys within them, or choose another sound"
        #expect(lines == [Line(type: "error", message: words)], "\(result.standardOutput)")
        #expect(result.standardError.contains(words), "\(result.standardError)")
        #expect(try HistoryStore(directory: folder.file("data")).readAll().answers.isEmpty)
    }

    @Test func aSecondProcessOnTheSameDataIsTurnedAway() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        let first = Process()
        first.executableURL = URL(fileURLWithPath: BuildProducts.peach)
        first.arguments = ["train", "--headless", "--no-audio", "--data-dir", data.path]
        let input = Pipe(), output = Pipe()
        first.standardInput = input
        first.standardOutput = output
        try first.run()
        // Wait for its first pair: it holds the lock from then on.
        _ = output.fileHandleForReading.availableData
        let second = try Shell.run([BuildProducts.peach, "train", "--headless", "--no-audio", "--data-dir", data.path], input: "higher\n")
        #expect(second.status == 1)
        #expect(second.standardError.contains("another Peach is already writing answers to this data folder"), "\(second.standardError)")
        try input.fileHandleForWriting.write(contentsOf: Data("higher\nquit\n".utf8))
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        #expect(try HistoryStore(directory: data.path).readAll().answers.count == 1, "only the first process wrote")
    }

    @Test func aTornLastLineIsSkippedWithAWarningAndNothingElseIsLost() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        _ = try Self.train(["higher", "lower", "higher"], dataDirectory: data.path)
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: data.path + "/history").first { $0.hasSuffix(".jsonl") })
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: data.path + "/history/" + file))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"v":1,"time":"2026-11-21T10:00:00.000Z","note":60,"na"#.utf8))  // a crash mid-write
        try handle.close()
        let (_, result) = try Self.train(["lower", "quit"], dataDirectory: data.path)
        #expect(result.status == 0)
        #expect(result.standardError.contains("warning:"), "\(result.standardError)")
        #expect(try HistoryStore(directory: data.path).readAll().answers.count == 4)
    }

    @Test func aSnapshotFromANewerPeachIsNeverOverwritten() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        _ = try Self.train(["higher", "quit"], dataDirectory: data.path)
        let profileFolder = data.path + "/profile"
        let snapshot = try #require(try FileManager.default.contentsOfDirectory(atPath: profileFolder).first { $0.hasSuffix(".json") })
        let newer = #"{"schema": 99, "future": true}"#
        try newer.write(toFile: profileFolder + "/" + snapshot, atomically: true, encoding: .utf8)
        let (_, result) = try Self.train(["higher", "quit"], dataDirectory: data.path)
        #expect(result.status == 1)
        #expect(result.standardError.contains("written by a newer Peach (profile schema 99)"), "\(result.standardError)")
        #expect(try String(contentsOfFile: profileFolder + "/" + snapshot, encoding: .utf8) == newer)
    }

    @Test func eachAnswerRecordsTheTimbreItWasPlayedWith() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        let plugins = data.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        try CPlugin.build(BuildProducts.packageRoot + "/examples/c-tone-source/tone_source.c", named: "libctone", in: plugins)
        let result = try Shell.run([BuildProducts.peach, "train", "--headless", "--data-dir", data.path, "--device", "null", "--duration", "0.3",
                                    "--plugin-path", plugins, "--source", "org.example.ctone", "--option", "shape=soft"], input: "higher\nquit\n")
        #expect(result.status == 0, "\(result.standardError)")
        let history = try HistoryStore(directory: data.path).readAll().answers
        #expect(history.count == 1 && history[0].sourceID == "org.example.ctone" && history[0].timbre == ["shape": "soft"], "\(history)")
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: data.path + "/history").first)
        #expect(try String(contentsOfFile: data.path + "/history/" + file, encoding: .utf8).contains(#""timbre":{"shape":"soft"}}"#))
    }

    @Test func aDamagedSnapshotIsMovedAsideAndRebuiltNeverBlockingTraining() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        _ = try Self.train(["higher", "lower", "quit"], dataDirectory: data.path)
        let profileFolder = data.path + "/profile"
        let snapshot = try #require(try FileManager.default.contentsOfDirectory(atPath: profileFolder).first { $0.hasSuffix(".json") })
        let path = profileFolder + "/" + snapshot
        // A sync tool's damage, twice: the second never replaces the first one set aside.
        var asides: [String] = []
        for damage in [#"{"schema": 1, "answ"#, "\u{0}\u{0}\u{0}"] {
            try damage.write(toFile: path, atomically: false, encoding: .utf8)
            let profile = try Shell.run([BuildProducts.peach, "profile", "--json", "--data-dir", data.path])
            #expect(profile.status == 0 && profile.standardOutput.contains("\"answers\":\(2 + asides.count)"), "\(profile.standardError)")
            #expect(profile.standardError.contains("\(path) is not a readable profile snapshot; the profile was rebuilt"), "\(profile.standardError)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == damage, "reading alone never moves it")

            let (lines, result) = try Self.train(["higher", "quit"], dataDirectory: data.path)
            #expect(result.status == 0 && lines.contains { $0.type == "feedback" }, "\(result.standardError)")
            #expect(result.standardError.contains("\(path) was not a readable profile snapshot: moved to \(path).damaged-"), "\(result.standardError)")
            asides = try FileManager.default.contentsOfDirectory(atPath: profileFolder).filter { $0.contains(".damaged-") }.sorted()
            let newest = try #require(asides.last { (try? String(contentsOfFile: profileFolder + "/" + $0, encoding: .utf8)) == damage })
            #expect(result.standardError.contains(newest), "\(asides)")
            #expect(try JSONDecoder().decode(ProfileReport.self, from: Data(contentsOf: URL(fileURLWithPath: path))).answers == 3 + asides.count - 1)
        }
        #expect(asides.count == 2, "\(asides)")
    }

    @Test func damagedHistoryLinesAreNamedOnEveryCommandWhileTrainingGoesOn() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        _ = try Self.train(["higher", "lower", "higher", "quit"], dataDirectory: data.path)
        let history = data.path + "/history"
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: history).first { $0.hasSuffix(".jsonl") })
        var lines = try String(contentsOfFile: history + "/" + file, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[1] = String(lines[1].dropLast(9))  // a sync tool cut a line in the middle of the file
        let other = history + "/desktop.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: history + "/" + file, atomically: false, encoding: .utf8)
        try ("not json\n" + lines[0] + "\n").write(toFile: other, atomically: false, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: history + "/" + file))
        let expected = "\(history)/\(file): 1 damaged line left out, the file unchanged (peach history check lists them, and peach help history check says how to repair): line 2: "

        for command in [["profile"], ["profile", "--json"], ["stats"], ["export", "--csv"]] {
            let result = try Shell.run([BuildProducts.peach] + command + ["--data-dir", data.path])
            #expect(result.status == 0, "\(command): \(result.standardError)")
            #expect(result.standardError.contains(expected), "\(command): \(result.standardError)")
            #expect(result.standardError.contains("\(other): 1 damaged line left out"), "\(command): \(result.standardError)")
        }
        let (answered, result) = try Self.train(["lower", "quit"], dataDirectory: data.path)
        #expect(result.status == 0 && answered.contains { $0.type == "feedback" }, "\(result.standardError)")
        #expect(result.standardError.contains(expected))
        #expect(try Data(contentsOf: URL(fileURLWithPath: history + "/" + file)).prefix(before.count) == before, "never rewritten")

        let check = try Shell.run([BuildProducts.peach, "history", "check", "--data-dir", data.path])
        #expect(check.status == 1)
        let listed = check.standardOutput.split(separator: "\n")
        #expect(listed.count == 2 && listed[0].hasPrefix("\(other) line 1: column 1: ") && listed[1].hasPrefix("\(history)/\(file) line 2: column "),
                "\(check.standardOutput)")
        #expect(check.standardError.contains("2 damaged lines in 2 files"), "\(check.standardError)")

        // Repaired as the README says: the named lines deleted.
        try FileManager.default.removeItem(atPath: other)
        let mended = try String(contentsOfFile: history + "/" + file, encoding: .utf8).split(separator: "\n").enumerated().filter { $0.offset != 1 }
        try (mended.map(\.element).joined(separator: "\n") + "\n").write(toFile: history + "/" + file, atomically: false, encoding: .utf8)
        let clean = try Shell.run([BuildProducts.peach, "history", "check", "--data-dir", data.path])
        #expect(clean.status == 0 && clean.standardOutput == "\(history): 3 answers in 1 file, no damaged lines\n", "\(clean.standardOutput)\(clean.standardError)")
        #expect(clean.standardError.isEmpty)
        let german = try Shell.run([BuildProducts.peach, "--lang", "de", "help", "history", "check"])
        #expect(german.standardOutput.contains("Listet die beschädigten Zeilen"), "\(german.standardOutput)")
    }

    @Test func playsEachPairAsTwoNotesThroughTheChosenOutput() throws {
        let data = TemporaryDirectory()
        defer { data.remove() }
        let wav = data.file("pairs.wav")
        let result = try Shell.run([BuildProducts.peach, "train", "--headless", "--data-dir", data.path, "--seed", "3",
                                    "--duration", "0.3", "--wav", wav], input: "higher\nquit\n")
        #expect(result.status == 0, "\(result.standardError)")
        let pair = try JSONDecoder().decode(Line.self, from: Data(result.standardOutput.split(separator: "\n")[0].utf8))
        let samples = try WavFile.read(path: wav).samples[0]
        let start = try #require(samples.firstIndex { $0 != 0 }) - 1
        let noteFrames = 14400  // 0.3 s at 48 kHz; measured away from each note's ramps
        let first = FrequencyMeter.frequency(of: samples[(start + 960)..<(start + noteFrames - 960)], sampleRate: 48000)
        let second = FrequencyMeter.frequency(of: samples[(start + noteFrames + 960)..<(start + 2 * noteFrames - 960)], sampleRate: 48000)
        #expect(abs(FrequencyMeter.cents(first, from: pair.firstHz!)) < 0.01)
        #expect(abs(FrequencyMeter.cents(second, from: pair.secondHz!)) < 0.01)
    }
}
