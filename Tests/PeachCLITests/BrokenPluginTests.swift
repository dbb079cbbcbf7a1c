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
}
