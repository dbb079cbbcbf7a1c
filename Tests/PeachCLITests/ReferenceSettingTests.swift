import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// The `reference` setting (A4) is the default of every command's
/// `--reference`, as their help says: `play`, `drone`, the metronome's
/// `--drone`, `tuner` and `grid` went on at 440 Hz after
/// `settings set reference 442`. Each is measured in what it made.
@Suite struct ReferenceSettingTests {
    /// The cents 440 Hz is from A4 at 442 Hz.
    static let flatOf442 = 1200 * log2(440.0 / 442)

    /// A folder of its own with A4 set to 442 Hz.
    static func folderAt442() throws -> TemporaryDirectory {
        let folder = TemporaryDirectory()
        let set = try PracticeCommandTests.peach(["settings", "set", "reference", "442"], folder: folder)
        #expect(set.status == 0, "\(set.standardError)")
        return folder
    }

    static func json(_ output: Shell.Output) throws -> [String: Any] {
        #expect(output.status == 0, "\(output.standardError)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
    }

    @Test func playSoundsAtTheSetting() throws {
        let folder = try Self.folderAt442()
        defer { folder.remove() }
        for (flags, expected) in [([String](), 442.0), (["--reference", "440"], 440)] {
            let path = folder.file("a4-\(expected).wav")
            let result = try PracticeCommandTests.peach(["play", "A4", "--duration", "0.5", "--wav", path] + flags, folder: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let measured = FrequencyMeter.frequency(of: try WavFile.read(path: path).samples[0][960..<23_040], sampleRate: 48_000)
            #expect(abs(FrequencyMeter.cents(measured, from: expected)) < 0.01, "\(flags): \(measured) Hz")
        }
    }

    @Test func theDroneAndTheMetronomesDroneSoundAtTheSetting() throws {
        let folder = try Self.folderAt442()
        defer { folder.remove() }
        let drone = try Self.json(try PracticeCommandTests.peach(["drone", "A4", "--json", "--seconds", "1"], folder: folder))
        #expect(drone["frequencies"] as? [Double] == [442], "\(drone)")
        let metronome = try Self.json(try PracticeCommandTests.peach(["metronome", "100", "--drone", "A", "--bars", "1", "--json"], folder: folder))
        #expect((metronome["drone"] as? [String: Any])?["frequencies"] as? [Double] == [221], "\(metronome)")
        // A flag still wins.
        let flagged = try Self.json(try PracticeCommandTests.peach(["drone", "A4", "--json", "--seconds", "1", "--reference", "415"], folder: folder))
        #expect(flagged["frequencies"] as? [Double] == [415], "\(flagged)")
    }

    @Test func theTunerReadsAtTheSetting() throws {
        let folder = try Self.folderAt442()
        defer { folder.remove() }
        let take = folder.file("take.wav")
        try TunerCommandTests.tone(take, hz: 440, seconds: 1)
        let output = try PracticeCommandTests.peach(["tuner", "--input", take, "--json", "--fresh"], folder: folder)
        #expect(output.status == 0, "\(output.standardError)")
        let steady = try TunerCommandTests.lines(output).filter { $0.time >= 0.4 && $0.time <= 1.2 }
        #expect(!steady.isEmpty && steady.allSatisfy { $0.note == "A4" && abs($0.cents! - Self.flatOf442) <= 0.5 },
                "\(steady.map { $0.cents ?? .nan })")
    }

    @Test func theGridsKeysAreAtTheSetting() throws {
        let folder = try Self.folderAt442()
        defer { folder.remove() }
        let output = try PracticeCommandTests.peach(["grid", "A", "--json"], folder: folder)
        #expect(output.status == 0, "\(output.standardError)")
        let layout = try JSONDecoder().decode(GridCommandTests.Layout.self, from: Data(output.standardOutput.utf8))
        #expect(layout.keys.first { $0.note == "A3" }?.frequency == 221, "\(layout.keys.prefix(3))")
    }

    /// A settings file that does not read stops each of them, as it stops `peach train`, naming the line: none plays at a guess.
    @Test(arguments: [
        ["train"], ["play", "A4", "--wav", "out.wav"], ["drone", "A4", "--json", "--seconds", "1"],
        ["metronome", "100", "--drone", "A", "--bars", "1", "--json"], ["grid", "A", "--json"], ["tuner", "--input", "take.wav", "--json"],
        // The device settings they read (they played or listened on ALSA's default, unsaid).
        ["train", "--headless"], ["record", "--seconds", "1"],
    ])
    func aBrokenSettingsFileIsAnError(arguments: [String]) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/config/peach", withIntermediateDirectories: true)
        let file = folder.path + "/config/peach/settings.json"
        try "{\n  \"reference\": 442,\n".write(toFile: file, atomically: true, encoding: .utf8)
        try TunerCommandTests.tone(folder.file("take.wav"), hz: 440, seconds: 0.5)
        let result = try PracticeCommandTests.peach(arguments.map { $0.hasSuffix(".wav") ? folder.file($0) : $0 }, folder: folder)
        #expect(result.status == 1 && result.standardError.contains("\(file) is not valid JSON"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out.wav")))
    }
}
