import Foundation
import PeachTestSupport
import Testing

/// What a user sees when a plugin misbehaves: one clear line, and Peach goes on.
@Suite struct BrokenPluginTests {
    static let fixture = BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/bad_source.c"

    @Test func aCrashingPluginIsOneLineNotABacktrace() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = try CPlugin.build(Self.fixture, named: "libcrashes", in: directory.path, defines: ["CRASH_IN_ENTRY"])
        let result = try Shell.run([BuildProducts.peach, "sources", "--plugin-path", directory.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("\(library): crashed while being probed (SIGSEGV)"))
        #expect(result.standardOutput.contains("org.peach.sine"), "the other sources still work")
        #expect(!result.standardError.contains("Backtrace") && !result.standardError.contains("Crash"), "\(result.standardError)")
    }

    @Test func playSaysWhyTheSourceFailed() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try CPlugin.build(Self.fixture, named: "libfails", in: directory.path, defines: ["PROCESS_ERROR"])
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "--plugin-path", directory.path,
                                    "--source", "org.peach.test.fixture", "--wav", directory.file("x.wav")])
        #expect(result.status == 1)
        #expect(result.standardError.contains("the sound source failed at frame 4864 and was silenced; org.peach.test.fixture says: synth engine gave up"),
                "\(result.standardError)")
    }

    /// The XDG folders of a test's own, so no test touches the home of whoever runs it.
    static func isolated(_ folder: TemporaryDirectory) -> [String: String] {
        ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("share"), "XDG_CACHE_HOME": folder.file("cache")]
    }

    @Test func whatAPluginPrintsGoesToStandardErrorNotIntoTheProtocol() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try CPlugin.build(Self.fixture, named: "libchatty", in: folder.path, defines: ["CHATTY"])
        let result = try Shell.run([BuildProducts.peach, "train", "--headless", "--data-dir", folder.file("data"), "--duration", "0.3",
                                    "--plugin-path", folder.path, "--source", "org.peach.test.fixture", "--wav", folder.file("out.wav")],
                                   environment: Self.isolated(folder), input: "higher\nquit\n")
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 3, "pair, feedback, pair: \(result.standardOutput)")
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not a JSON line: \(line)")
        }
        for said in ["chatty: created", "chatty: activated", "chatty: processing"] {
            #expect(result.standardError.contains(said), "\(result.standardError)")
        }
    }
}
