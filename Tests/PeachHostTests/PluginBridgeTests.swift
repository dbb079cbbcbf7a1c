import Foundation
import Glibc
import PeachAudio
import PeachHost
import PeachSupport
import PeachTestSupport
import Testing

/// Sources running in a bridge process of their own (`peach plugin-bridge`):
/// the same sound as in process, and a crash or hang in the plugin costs the
/// bridge, never the host.
@Suite struct PluginBridgeTests {
    static let fixtureSource = BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/bad_source.c"
    static let fixtureID = "org.peach.test.fixture"
    static let format = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256)

    /// A catalog of `library` whose bridge processes are this checkout's `peach`.
    static func catalog(_ library: String) -> SourceCatalog {
        var catalog = SourceCatalog(reports: [ProbeReport.probeInProcess(path: library)])
        catalog.bridgeExecutable = BuildProducts.peach
        return catalog
    }

    static func render(_ source: SourceInstance, frames: Int64) throws -> (samples: [Float], notices: [EngineNotice]) {
        let output = MemoryOutput(format: format, capacityFrames: Int(frames) + 48000)
        let notices = try SourceFixture.render([(440, 480, frames - 9600)], with: source, through: output)
        return (output.samples(channel: 0), notices)
    }

    @Test func aBridgedSineSoundsExactlyAsInProcess() throws {
        let catalog = Self.catalog(BuildProducts.sinePlugin)
        let bridged = try catalog.makeInstance(of: SourceCatalog.defaultSourceID, isolation: .bridged)
        try bridged.set("gain", to: "0.25")
        #expect(try bridged.value(of: "gain") == "0.25", "options travel both ways")
        let local = try catalog.makeInstance(of: SourceCatalog.defaultSourceID)
        try local.set("gain", to: "0.25")
        let (bridgedSamples, bridgedNotices) = try Self.render(bridged, frames: 24000)
        let (localSamples, _) = try Self.render(local, frames: 24000)
        #expect(bridgedNotices.isEmpty, "\(bridgedNotices)")
        #expect(bridgedSamples.count == localSamples.count && bridgedSamples == localSamples, "sample for sample")
        #expect(bridgedSamples.map(abs).max()! > 0.2)
        #expect(bridged.options.map(\.key) == local.options.map(\.key))
        #expect {
            try bridged.set("no-such-option", to: "1")
        } throws: { error in
            if case .unknownKey = error as? SourceOptionError { true } else { false }
        }
    }

    @Test(arguments: [("CRASH_IN_PROCESS", "crashed (signal 11"), ("HANG_IN_PROCESS", "did not finish a block within 2000 ms")])
    func aPluginThatCrashesOrHangsCostsOnlyItsBridge(mode: String, reason: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let library = try CPlugin.build(Self.fixtureSource, named: "libbroken", in: folder.path, defines: [mode])
        let source = try Self.catalog(library).makeInstance(of: Self.fixtureID, isolation: .bridged)
        let start = Monotonic.nanoseconds()
        let (samples, notices) = try Self.render(source, frames: 24000)
        let seconds = Double(Monotonic.nanoseconds() - start) / 1e9
        #expect(notices.contains { if case .sourceFailed = $0 { true } else { false } }, "\(notices)")
        #expect(source.lastError.words.contains(reason), "\(source.lastError.words)")
        // The fixture fails in the first block that starts at frame 4800 or later: 19 × 256.
        #expect(samples[4864...].allSatisfy { $0 == 0 }, "nothing is played from the failing block on")
        #expect(samples[480..<4864].contains { $0 != 0 }, "the blocks before it played")
        #expect(seconds < 8, "rendering went on after the bridge failed (\(seconds) s)")
    }
}
