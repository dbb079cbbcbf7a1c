import Foundation
import Glibc
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// `peach record` live, driven through a pseudo-terminal with a file read in
/// real time: the meter and clipping on screen, the keys that stop and keep
/// the take, plain mode's lines, and a real SIGKILL in the middle of a take.
@Suite(.serialized) struct RecordScreenTests {
    static func start(_ arguments: [String], folder: TemporaryDirectory) throws -> PseudoTerminal {
        try PseudoTerminal([BuildProducts.peach, "record"] + arguments, environment: RecordCommandTests.environment(folder), columns: 80, rows: 24)
    }

    static func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    /// Quiet, then a burst at full scale (clipping), then quiet again.
    static func clippingInput(_ folder: TemporaryDirectory) throws -> String {
        try RecordCommandTests.input(folder, "clip.wav", ["synth", "1", "sine", "441", "vol", "0.1", ":", "synth", "0.5", "square", "441", "vol", "1",
                                                          ":", "synth", "20", "sine", "441", "vol", "0.1"])
    }

    @Test func theScreenShowsTimeLevelAndClippingAndAKeyStopsAndKeepsTheTake() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let terminal = try Self.start(["--input", try Self.clippingInput(folder), "--name", "Live"], folder: folder)
        try terminal.waitFor(text: "● RECORDING  Live")
        try terminal.waitFor(text: "CLIPPING: too loud, turn the input down")
        #expect(terminal.screen.text.contains("▲"), "the held peak is marked as clipped: \(terminal.screen.text)")
        try terminal.waitFor(text: "Elapsed 0:02")
        #expect(terminal.screen.text.contains("Level  [") && terminal.screen.text.contains("█"))
        terminal.send(" ")
        #expect(terminal.waitForExit(timeout: 10) == 0)
        #expect(terminal.occurrences(of: "Saved the take 'Live'") == 1)
        let take = try RecordCommandTests.samples(RecordCommandTests.recordings(folder) + "/Live.flac")
        #expect(take.count >= 96_000 && take.count < 20 * 48_000, "\(take.count) frames")
    }

    @Test func eachStopKeyAndCtrlCKeepTheTake() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try Self.clippingInput(folder)
        for (index, key) in ["q", "\u{1B}", "\r", "\u{03}"].enumerated() {
            let terminal = try Self.start(["--input", input, "--name", "Take \(index)"], folder: folder)
            try terminal.waitFor(text: "Elapsed 0:01")
            terminal.send(key)
            #expect(terminal.waitForExit(timeout: 10) == 0, "key \(key.debugDescription)")
            #expect(access(RecordCommandTests.recordings(folder) + "/Take \(index).flac", F_OK) == 0)
        }
    }

    /// The terminal closing (SIGHUP) ends the take as SIGTERM does: saved,
    /// no partial file left for the next command (it killed Peach, status 129).
    /// A second, other signal (SIGHUP as the terminal closes on a SIGTERM) is
    /// the same stop under way: it killed Peach before the take was finished.
    /// Once the take is kept Peach ends as the first signal asks (128 + n, as
    /// the manual says; it exited 0).
    @Test(arguments: [[SIGHUP], [SIGTERM], [SIGTERM, SIGHUP]])
    func aSignalToStopKeepsTheTake(signals: [Int32]) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try RecordCommandTests.input(folder, "long.wav", ["synth", "30", "sine", "441", "vol", "0.5"])
        let terminal = try Self.start(["--input", input, "--name", "Signalled", "--plain"], folder: folder)
        let partial = RecordCommandTests.recordings(folder) + "/.partial/Signalled.flac.wav"
        try terminal.waitFor("half a second recorded", timeout: 20) { _ in Self.size(partial) > 100 + 48_000 * 4 / 2 }
        for signal in signals { terminal.signal(signal) }
        let status = terminal.waitForExit(timeout: 10)
        #expect(status.map { $0 & 0x7F } == signals[0], "ended by the first signal: \(String(describing: status))")
        #expect(try RecordCommandTests.samples(RecordCommandTests.recordings(folder) + "/Signalled.flac").count >= 24_000)
        #expect(FolderEntries.names(in: RecordCommandTests.recordings(folder) + "/.partial").isEmpty)
    }

    /// A take given the same name while this one records (a synced folder,
    /// another terminal): this one is kept as "name (2)" and said so; it was
    /// "a take called … already exists: choose another name", with the audio
    /// left in the partial folder. A take stopped before its first frame is no take.
    @Test func aNameTakenWhileRecordingKeepsTheTakeUnderTheNextName() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try RecordCommandTests.input(folder, "long.wav", ["synth", "30", "sine", "441", "vol", "0.5"])
        let other = try RecordCommandTests.peach(["record", "--input", input, "--seconds", "0.5", "--name", "elsewhere"], folder)
        #expect(other.status == 0, "\(other.standardError)")
        let terminal = try Self.start(["--input", input, "--name", "Live", "--plain"], folder: folder)
        let partial = RecordCommandTests.recordings(folder) + "/.partial/Live.flac.wav"
        try terminal.waitFor("half a second recorded", timeout: 20) { _ in Self.size(partial) > 100 + 48_000 * 4 / 2 }
        #expect(rename(RecordCommandTests.recordings(folder) + "/elsewhere.flac", RecordCommandTests.recordings(folder) + "/Live.flac") == 0)
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 10) == 0)
        #expect(terminal.occurrences(of: "another take was called 'Live' while this one recorded: this one is kept as 'Live (2)'") == 1,
                "\(terminal.written(after: 0))")
        #expect(try RecordCommandTests.samples(RecordCommandTests.recordings(folder) + "/Live (2).flac").count >= 24_000)
        #expect(try RecordCommandTests.samples(RecordCommandTests.recordings(folder) + "/Live.flac").count == 24_000, "the other take as it was")
        #expect(FolderEntries.names(in: RecordCommandTests.recordings(folder) + "/.partial").isEmpty)

        // A take of the name in the other format counts too: a WAV take beside a synced FLAC of its name is "(2)".
        let wav = try Self.start(["--input", input, "--name", "Other", "--wav", "--plain"], folder: folder)
        try wav.waitFor("half a second recorded", timeout: 20) { _ in Self.size(RecordCommandTests.recordings(folder) + "/.partial/Other.wav.wav") > 100 + 48_000 * 4 / 2 }
        #expect(link(RecordCommandTests.recordings(folder) + "/Live.flac", RecordCommandTests.recordings(folder) + "/Other.flac") == 0)
        wav.send("q")
        #expect(wav.waitForExit(timeout: 10) == 0)
        #expect(access(RecordCommandTests.recordings(folder) + "/Other (2).wav", F_OK) == 0 && access(RecordCommandTests.recordings(folder) + "/Other.wav", F_OK) != 0,
                "\(FolderEntries.names(in: RecordCommandTests.recordings(folder)))")

        let quick = try Self.start(["--input", input, "--name", "Quick", "--plain"], folder: folder)
        try quick.waitFor(text: "Recording 'Quick'.")
        quick.send("q")
        let status = quick.waitForExit(timeout: 10)
        let written = quick.written(after: 0)
        // The file may have delivered a block before the key: then a short take is kept, else none.
        if written.contains("nothing was recorded before the take 'Quick' ended, so no take was kept") {
            #expect(status != 0 && access(RecordCommandTests.recordings(folder) + "/Quick.flac", F_OK) != 0, "\(written)")
        } else {
            let kept = try RecordCommandTests.samples(RecordCommandTests.recordings(folder) + "/Quick.flac")
            #expect(status == 0 && !kept.isEmpty, "\(written)")
        }
        #expect(FolderEntries.names(in: RecordCommandTests.recordings(folder) + "/.partial").isEmpty)
    }

    @Test func plainModeSaysTheStartClippingOncePerBurstAndTheStop() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try RecordCommandTests.input(folder, "bursts.wav", ["synth", "0.5", "square", "441", "vol", "1", ":", "synth", "2.5", "sine", "441", "vol", "0.1",
                                                                       ":", "synth", "0.5", "square", "441", "vol", "1", ":", "synth", "20", "sine", "441", "vol", "0.1"])
        let terminal = try Self.start(["--input", input, "--name", "Plain", "--plain"], folder: folder)
        try terminal.waitFor(text: "Recording 'Plain'. Press q, Esc, space or Enter to stop and keep it.")
        try terminal.waitFor("the second burst") { $0.occurrences(of: "Clipping: the input is too loud.") == 2 }
        terminal.send("\r")
        #expect(terminal.waitForExit(timeout: 10) == 0)
        #expect(terminal.occurrences(of: "Clipping: the input is too loud.") == 2, "once per burst of clipping, not per block")
        #expect(terminal.occurrences(of: "Saved the take 'Plain'") == 1)
        #expect(terminal.occurrences(of: "\u{1B}[?1049h") == 0, "no full screen")
    }

    /// A real SIGKILL mid-take: the next `peach record` command finds the
    /// partial file, repairs its header from its length and keeps it as the
    /// take, with at least everything written before the kill.
    @Test func aTakeKilledMidRecordingIsRecoveredByTheNextCommand() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try RecordCommandTests.input(folder, "long.wav", ["synth", "30", "sine", "441", "vol", "0.5"])
        let terminal = try Self.start(["--input", input, "--name", "Killed"], folder: folder)
        let partial = RecordCommandTests.recordings(folder) + "/.partial/Killed.flac.wav"
        let grown = 100 + 48_000 * 4 * 3 / 2  // the header and 1.5 s of float samples
        try terminal.waitFor("the partial file to pass \(grown) bytes", timeout: 20) { _ in Self.size(partial) > grown }
        let before = Self.size(partial)
        terminal.signal(SIGKILL)
        let status = terminal.waitForExit(timeout: 10)
        #expect(status.map { $0 & 0x7F } == SIGKILL)
        #expect(Self.size(RecordCommandTests.recordings(folder) + "/Killed.flac") == 0, "no take was made before the next start")

        let list = try RecordCommandTests.peach(["record", "list"], folder)
        #expect(list.standardError.contains("Recovered the take 'Killed'"), "\(list.standardError)")
        #expect(list.standardOutput.contains("Killed"))
        let take = try RecordCommandTests.samples(RecordCommandTests.recordings(folder) + "/Killed.flac")
        #expect(take.count >= (before - 100) / 4, "\(take.count) frames recovered; \((before - 100) / 4) were written when it was seen")
        #expect(take == Array(try RecordCommandTests.samples(input).prefix(take.count)), "sample for sample the input's start")
        #expect(FolderEntries.names(in: RecordCommandTests.recordings(folder) + "/.partial").isEmpty)
        // Its start time came from the partial's header.
        let listed = try RecordCommandTests.takes(folder)
        #expect(abs((listed.first?["start"] as? Int ?? 0) - Int(time(nil))) < 120)
    }

    /// A take being recorded is not another process's to recover: its partial file is locked while it lives.
    @Test func aTakeStillRecordingIsLeftAloneByAnotherCommand() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let input = try RecordCommandTests.input(folder, "long.wav", ["synth", "30", "sine", "441", "vol", "0.5"])
        let terminal = try Self.start(["--input", input, "--name", "Running"], folder: folder)
        try terminal.waitFor(text: "Elapsed 0:01")
        let list = try RecordCommandTests.peach(["record", "list"], folder)
        #expect(!list.standardError.contains("Recovered"), "\(list.standardError)")
        let taken = try RecordCommandTests.peach(["record", "--input", input, "--name", "Running", "--seconds", "0.1"], folder)
        #expect(taken.status == 1 && taken.standardError.contains("a take called 'Running' already exists"))
        terminal.send("q")
        #expect(terminal.waitForExit(timeout: 10) == 0)
        #expect(try RecordCommandTests.takes(folder).map { $0["name"] as? String } == ["Running"])
    }
}
