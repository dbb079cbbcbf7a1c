import Foundation
import PeachHost
import PeachTestSupport
import Testing

/// The live screen of the metronome and drone, driven through a pseudo-terminal
/// into a paced WAV file: the beat shown large, keys that change tempo and
/// add the drone while it plays, and what they did heard in the file.
@Suite(.serialized) struct PracticeScreenTests {
    static func start(_ arguments: [String], folder: TemporaryDirectory) throws -> PseudoTerminal {
        try PseudoTerminal([BuildProducts.peach] + arguments, environment: [
            "XDG_CONFIG_HOME": folder.path + "/config", "XDG_DATA_HOME": folder.path + "/data", "XDG_CACHE_HOME": folder.path + "/cache",
        ], columns: 80, rows: 24)
    }

    @Test func keysChangeTheTempoAndAddADroneWhileTheClicksGoOn() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let source = try PracticeCommandTests.impulses(in: folder)
        let file = folder.file("live.wav")
        let terminal = try Self.start(["metronome", "240", "--beats", "3", "--wav", file] + source, folder: folder)
        try terminal.waitFor(text: "240 BPM")
        try terminal.waitFor(text: "bar 2")  // the beat counts on, in big digits: "█" fills the screen
        #expect(terminal.screen.text.contains("███"))
        terminal.send("\u{1B}[A")  // Up: 241
        try terminal.waitFor(text: "241 BPM")
        terminal.send("d")
        try terminal.waitFor(text: "drone D3")
        try terminal.waitFor(text: "bar 5")
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 10) == 0)
        let wav = try WavFile.read(path: file)
        // The clicks: one impulse a beat, 12,000 frames apart at 240 BPM, then 11,950.2 at 241.
        let samples = wav.samples[0]
        let clicks = samples.indices.filter { samples[$0] - ($0 > 0 ? samples[$0 - 1] : 0) > 0.3 }
        let gaps = zip(clicks.dropFirst(), clicks).map { $0 - $1 }
        #expect(clicks.first == 0)
        #expect(gaps.prefix(4).allSatisfy { $0 == 12_000 }, "gaps \(gaps.prefix(6))")
        #expect(gaps.contains { $0 == 11_950 || $0 == 11_951 }, "no beat at 241 BPM among \(gaps)")
        // The drone sounds between the clicks once added: D3 and its level.
        let tail = samples.suffix(24_000)
        #expect(tail.filter { abs($0) > 0.05 }.count > 5_000, "no drone in the last half second, only clicks")
        #expect(samples.prefix(24_000).filter { $0 != 0 }.count < 10, "a drone before it was added")
    }
}
