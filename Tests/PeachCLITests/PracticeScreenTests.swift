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

    /// SIGTERM or SIGHUP ends a practice tool as they end the trainer: the
    /// terminal restored and the session's setup kept, then the process ends
    /// by the signal (status 143 or 129 to a shell; it exited 0).
    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalEndsTheToolAsTheTrainerEnds(signal: Int32) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.start(["metronome", "97", "--device", "null"], folder: folder)
        try terminal.waitFor(text: "97 BPM")
        terminal.signal(signal)
        let status = terminal.waitForExit(timeout: 10)
        #expect(status.map { $0 & 0x7F } == signal, "ended by the signal: \(String(describing: status))")
        #expect(!terminal.screen.privateModes.contains(1049), "the terminal is restored")
        let settings = try String(contentsOfFile: folder.path + "/config/peach/settings.json", encoding: .utf8)
        #expect(settings.contains("97"), "the last setup is kept: \(settings)")
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
        try terminal.waitFor(text: "Drone  D3 · pure")
        try terminal.waitFor(text: "bar 5")
        // Space pauses: the metronome stays on the screen, said paused, and Space again resumes it from beat one.
        terminal.send(" ")
        try terminal.waitFor(text: "paused")
        #expect(terminal.screen.text.contains("Metronome") && terminal.screen.text.contains("241 BPM"), "\(terminal.screen.text)")
        terminal.send(" ")
        try terminal.waitFor(text: "bar 2")
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

    /// A live session's setup, with the changes made by key, is where the next
    /// live one starts; `--fresh` starts from the defaults.
    @Test func theNextLiveSessionStartsWhereTheLastEnded() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let source = try PracticeCommandTests.impulses(in: folder)
        let first = try Self.start(["metronome", "92", "--beats", "7", "--group", "2+2+3", "--wav", folder.file("1.wav")] + source, folder: folder)
        try first.waitFor(text: "92 BPM")
        first.send("\u{1B}[A")  // Up: 93
        try first.waitFor(text: "93 BPM")
        first.send("q")
        #expect(first.waitForExit(timeout: 10) == 0)
        let settings = try PracticePresetTests.settings(folder)
        let last = try #require(((settings["metronome"] as? [String: Any])?["last"] as? [String: Any])?["setup"] as? [String: Any])
        #expect(last["bpm"] as? Double == 93 && last["beatsPerBar"] as? Int == 7 && last["grouping"] as? [Int] == [2, 2, 3])

        let file = folder.file("2.wav")
        let second = try Self.start(["metronome", "--wav", file] + source, folder: folder)
        try second.waitFor(text: "93 BPM")
        try second.waitFor(text: "bar 2")
        second.send("q")
        #expect(second.waitForExit(timeout: 10) == 0)
        // Heard at 93 BPM: 30,967.7 frames a beat at 48 kHz.
        let samples = try WavFile.read(path: file).samples[0]
        let clicks = samples.indices.filter { samples[$0] - ($0 > 0 ? samples[$0 - 1] : 0) > 0.3 }
        #expect(clicks.first == 0 && clicks.count >= 2 && [30_967, 30_968].contains(clicks[1]), "clicks at \(clicks.prefix(3))")

        // The drone under it is kept with it too, and starts with the next session.
        let withDrone = try Self.start(["metronome", "80", "--drone", "E", "--wav", folder.file("4.wav")] + source, folder: folder)
        try withDrone.waitFor(text: "Drone  E3")
        withDrone.send("q")
        #expect(withDrone.waitForExit(timeout: 10) == 0)
        let again = try Self.start(["metronome", "--wav", folder.file("5.wav")] + source, folder: folder)
        try again.waitFor(text: "80 BPM")
        try again.waitFor(text: "Drone  E3")
        again.send("q")
        #expect(again.waitForExit(timeout: 10) == 0)

        let fresh = try Self.start(["metronome", "--fresh", "--wav", folder.file("3.wav")] + source, folder: folder)
        try fresh.waitFor(text: "100 BPM")
        fresh.send("q")
        #expect(fresh.waitForExit(timeout: 10) == 0)
    }

    /// A live session with a sample of the user's keeps the sample in its last
    /// setup (the ending rebuilt the setup without it, so the next session clicked woodblock).
    @Test func theLastSetupKeepsTheSampleItClickedWith() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let sample = folder.file("cowbell.wav")
        try SampleFixture.write([[Float](repeating: 0.5, count: 200)], sampleRate: 48_000, to: sample)
        let live = try Self.start(["metronome", "120", "--sample", sample, "--wav", folder.file("live.wav")], folder: folder)
        try live.waitFor(text: "120 BPM")
        live.send("q")
        #expect(live.waitForExit(timeout: 10) == 0)
        let last = ((try PracticePresetTests.settings(folder)["metronome"] as? [String: Any])?["last"] as? [String: Any])
        #expect(last?["sample"] as? String == sample, "\(String(describing: last))")
    }

    /// Plain mode, for a screen reader: no redrawing, one line for each change.
    @Test func plainModeSaysEachChangeInALine() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let source = try PracticeCommandTests.impulses(in: folder)
        let terminal = try Self.start(["metronome", "90", "--beats", "3", "--plain", "--wav", folder.file("plain.wav")] + source, folder: folder)
        try terminal.waitFor(text: "Metronome at 90 BPM, 3 beats a bar.")
        // What each key does, in words (it listed the keys' names alone: "up, down, t, space, m, …").
        try terminal.waitFor("the keys in words") { $0.occurrences(of: "Keys: up and down change the tempo by 1, page up and page down by 10, t taps a tempo, space pauses,") == 1 }
        terminal.send("\u{1B}[A")
        try terminal.waitFor(text: "Tempo 91 BPM.")
        terminal.send("d")
        try terminal.waitFor(text: "Drone D3 · pure.")
        terminal.send("f")
        try terminal.waitFor(text: "Drone D3 + just fifth · pure.")
        terminal.send(" ")
        try terminal.waitFor(text: "Metronome paused.")
        // Paused, the tempo still moves (the clicks resume at it), and Space resumes them.
        terminal.send("\u{1B}[A")
        try terminal.waitFor(text: "Tempo 92 BPM.")
        terminal.send(" ")
        try terminal.waitFor(text: "Metronome playing.")
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 10) == 0)
        #expect(!terminal.screen.privateModes.contains(1049), "no full screen in plain mode")
        #expect(!terminal.screen.text.contains("███"), "no big digits in plain mode")
    }

    /// The screen says the drone's note as it was written, as its JSON does: `Bb2`, not `A#2`; an octave
    /// up it is still `Bb3`, a semitone away it is named with a sharp.
    @Test func theScreenSaysTheDronesNoteAsItWasWritten() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.start(["drone", "B♭2", "--device", "null"], folder: folder)
        try terminal.waitFor(text: "Drone  Bb2 · pure")
        terminal.send("\u{1B}[A")  // Up: an octave, without a metronome
        try terminal.waitFor(text: "Drone  Bb3 · pure")
        terminal.send("\u{1B}[D")  // Left: a semitone down
        try terminal.waitFor(text: "Drone  A3 · pure")
        terminal.send("\u{1B}[C")
        try terminal.waitFor(text: "Drone  A#3 · pure")
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 10) == 0, "\(terminal.screen.text)")
    }

    /// The drone changes its sound live (p: pure to organ, a new source) and
    /// its note (→) with no gap: every 10 ms of the file from the fade-in to
    /// the fade-out holds sound. The metronome beside it is the clock the
    /// keys wait on, a bar apart.
    @Test func theDroneChangesSoundAndNoteWithoutAGap() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let file = folder.file("drone.wav")
        let terminal = try Self.start(["drone", "A3", "--metronome", "240", "--wav", file], folder: folder)
        try terminal.waitFor(text: "Drone  A3 · pure")
        try terminal.waitFor(text: "bar 2")
        terminal.send("p")
        try terminal.waitFor(text: "Drone  A3 · organ")
        try terminal.waitFor(text: "bar 3")
        terminal.send("\u{1B}[C")
        try terminal.waitFor(text: "Drone  A#3 · organ")
        try terminal.waitFor(text: "bar 4")
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 10) == 0, "\(terminal.screen.text)")
        let samples = try WavFile.read(path: file).samples[0]
        let windows = stride(from: 0, to: samples.count - 480, by: 480).map { start in samples[start..<(start + 480)].map(abs).max()! }
        // From the pure drone at its level (0.4, after its 100 ms fade-in) to the organ's fade-out (0.25 and down):
        // through the swap and the move, never below 0.2 (clicks only add to it).
        let full = try #require(windows.firstIndex { $0 > 0.35 && $0 < 0.45 })
        let fading = try #require(windows.lastIndex { $0 > 0.2 })
        let held = windows[full...fading]
        #expect(fading - full > 250, "the drone sounded \(fading - full) windows of 10 ms")
        #expect(held.allSatisfy { $0 > 0.2 }, "a gap: \(held.min()!) at window \((held.firstIndex { $0 <= 0.2 } ?? full) - full)")
    }
}
