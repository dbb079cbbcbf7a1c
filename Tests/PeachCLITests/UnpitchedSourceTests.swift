import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// Sources that sound no pitch (`PEACH_SOURCE_UNPITCHED`: the Clicks and
/// Sample plugins, the SoundFont drums) keep time for the metronome and are
/// never offered where pitch is judged: a training pair on a click would be
/// two identical sounds, and its answer a lie in the profile.
@Suite struct UnpitchedSourceTests {
    static func peach(_ arguments: [String], folder: TemporaryDirectory, input: String? = nil) throws -> Shell.Output {
        try Shell.run([BuildProducts.peach] + arguments, environment: [
            "XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache",
        ], input: input)
    }

    @Test func theListingSaysWhichSourcesArePitched() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let json = try Self.peach(["sources", "--json"], folder: folder)
        #expect(json.status == 0)
        let sources = try #require((try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])?["sources"] as? [[String: Any]])
        let pitched = Dictionary(uniqueKeysWithValues: sources.compactMap { source in
            (source["id"] as? String).map { ($0, source["pitched"] as? Bool) }
        })
        #expect(pitched["org.peach.sine"] == true)
        #expect(pitched["org.peach.click"] == false)
        #expect(pitched["org.peach.sample"] == false)
        #expect(pitched["org.peach.fluid-drums"] == false && pitched["org.peach.fluid"] == true)
        let text = try Self.peach(["sources"], folder: folder).standardOutput
        #expect(text.contains("org.peach.click  Clicks (audio, unpitched: for rhythm, not for training)"), "\(text)")
        #expect(text.contains("org.peach.sine  Sine (audio)  "), "\(text)")
    }

    @Test func headlessTrainingRefusesAnUnpitchedSourceBeforePlayingOrRecording() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.file("data-dir")
        let result = try Self.peach(["train", "--headless", "--data-dir", data, "--duration", "0.3", "--source", "org.peach.click",
                                     "--wav", folder.file("out.wav")], folder: folder, input: "higher\nquit\n")
        #expect(result.status != 0)
        #expect(result.standardError.contains("'org.peach.click' sounds no pitch"), "\(result.standardError)")
        #expect(result.standardError.contains("pitched sources: ") && result.standardError.contains("org.peach.sine"), "\(result.standardError)")
        #expect(!result.standardOutput.contains("\"pair\""), "no pair was offered: \(result.standardOutput)")
        #expect(try HistoryStore(directory: data).readAll().answers.isEmpty)
    }

    @Test func theTrainingSoundCannotBeSetToAnUnpitchedSource() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        #expect(try Self.peach(["settings", "set", "source", "org.peach.sine"], folder: folder).status == 0)
        let before = try String(contentsOfFile: folder.path + "/config/peach/settings.json", encoding: .utf8)
        for name in ["org.peach.click", "org.peach.sample"] {
            let refused = try Self.peach(["settings", "set", "source", name], folder: folder)
            #expect(refused.status != 0)
            #expect(refused.standardError.contains("'\(name)' sounds no pitch"), "\(refused.standardError)")
        }
        // Nor by its name, the way a person would type it.
        #expect(try Self.peach(["settings", "set", "source", "Clicks"], folder: folder).status != 0)
        #expect(try String(contentsOfFile: folder.path + "/config/peach/settings.json", encoding: .utf8) == before)
    }
}
