import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// `peach devices`, and the `device` setting: only devices this machine
/// has, and from the settings file never one that writes a file or runs a command.
@Suite struct DevicesCommandTests {
    static func peach(_ arguments: [String], folder: TemporaryDirectory, input: String? = nil, system: Bool = false) throws -> Shell.Output {
        try Shell.run([BuildProducts.peach] + arguments, environment: try AlsaTestConfiguration.write(in: folder, system: system).merging([
            "XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache",
        ]) { $1 }, input: input)
    }

    /// Outputs, then inputs: the test's `peachtest` (ALSA's null, which plays
    /// and records) is in both, and `default` always is.
    @Test func listsTheDevicesALSANamesAsTextAndJSON() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let text = try Self.peach(["devices"], folder: folder)
        #expect(text.status == 0)
        #expect(text.standardOutput == """
            Outputs (Peach plays to them):
              default
                  (ALSA gives no description)
              peachtest
                  Peach test device
            Inputs (Peach listens to them):
              default
                  (ALSA gives no description)
              peachtest
                  Peach test device

            """, "\(text.standardOutput)")
        let inputs = try Self.peach(["devices", "--inputs"], folder: folder).standardOutput
        #expect(inputs.hasPrefix("Inputs (Peach listens to them):\n") && !inputs.contains("Outputs"), "\(inputs)")
        // Both directions asked for is both listed (the parser refused it in its own words).
        let both = try Self.peach(["devices", "--outputs", "--inputs"], folder: folder)
        #expect(both.status == 0 && both.standardOutput == text.standardOutput, "\(both)")
        let json = try JSONDecoder().decode([AudioDevice].self, from: Data(try Self.peach(["devices", "--json"], folder: folder).standardOutput.utf8))
        #expect(json == [AudioDevice(name: "default", description: "", direction: .output),
                         AudioDevice(name: "peachtest", description: "Peach test device", direction: .output),
                         AudioDevice(name: "default", description: "", direction: .input),
                         AudioDevice(name: "peachtest", description: "Peach test device", direction: .input)])
        let german = try Self.peach(["--lang", "de", "devices", "--outputs"], folder: folder).standardOutput
        #expect(german.hasPrefix("Ausgänge (Peach spielt auf ihnen):\n  default\n      (ALSA gibt keine Beschreibung)\n"), "\(german)")
        #expect(try Self.peach(["--lang", "de", "devices", "--help"], folder: folder).standardOutput.contains("Listet die ALSA-Geräte"))
        #expect(try Self.peach(["devices", "--help"], folder: folder).standardOutput.contains("List the ALSA devices Peach can play to and listen to."))
    }

    /// A configuration ALSA cannot read leaves only `default`, which may not
    /// open: said once in Peach's words, instead of alsa-lib's own lines on
    /// standard error and a list that looked whole.
    @Test func aConfigurationALSACannotReadIsSaid() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let broken = folder.file("broken.conf")
        try "pcm.x { type null".write(toFile: broken, atomically: true, encoding: .utf8)
        let result = try Shell.run([BuildProducts.peach, "devices", "--outputs"], environment: ["ALSA_CONFIG_PATH": broken, "XDG_CONFIG_HOME": folder.file("config")])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Outputs (Peach plays to them):\n  default\n      (ALSA gives no description)\n", "\(result.standardOutput)")
        let lines = result.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("peach: warning: ALSA's configuration does not read (")
                    && lines[0].hasSuffix("): only 'default' is listed, and it may not open"), "\(result.standardError)")
        // A configuration that reads says nothing.
        #expect(try Self.peach(["devices"], folder: folder).standardError.isEmpty)
    }

    @Test func anUnknownDeviceIsRefusedWithTheChoices() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let refused = try Self.peach(["settings", "set", "device", "xyz"], folder: folder)
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("there is no ALSA output device 'xyz' here; these are: default, peachtest (`peach devices`"),
                "\(refused.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/config/peach/settings.json"), "nothing was saved")
        #expect(try Self.peach(["settings", "set", "device", "peachtest"], folder: folder).standardOutput == "device = peachtest\n")
        #expect(try SettingsStore(path: folder.path + "/config/peach/settings.json").text(.device) == "peachtest")
    }

    /// ALSA's file and tee devices run a command named after `|`: a planted
    /// (or synced) settings file naming one is refused, with line and key,
    /// and the command never runs. Before, training created the marker.
    @Test(arguments: [#"file:"|touch MARKER""#, #"tee:null,"|touch MARKER",raw"#, #"pcm.file:"|touch MARKER""#])
    func aSettingsFileCannotRunACommandThroughALSA(device: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let marker = folder.file("marker")
        try FileManager.default.createDirectory(atPath: folder.path + "/config/peach", withIntermediateDirectories: true)
        let named = device.replacingOccurrences(of: "MARKER", with: marker)
        let file = folder.path + "/config/peach/settings.json"
        let text = "{\n  \"bell\": false,\n  \"device\": \(String(decoding: try JSONEncoder().encode(named), as: UTF8.self))\n}\n"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try Self.peach(["train", "--plain"], folder: folder, input: "q", system: true)
        #expect(result.status != 0)
        #expect(result.standardError.contains("\(file) line 3: device: '\(named)' is not a device name Peach plays to from its settings"),
                "\(result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: marker), "the command ran")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == text)
        let set = try Self.peach(["settings", "set", "device", named], folder: folder, system: true)
        #expect(set.status != 0 && !FileManager.default.fileExists(atPath: marker))
    }
}
