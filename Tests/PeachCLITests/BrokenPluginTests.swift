import Foundation
import Glibc
import PeachAudio
import PeachHistory
import PeachHost
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

    @Test func whatAPluginPrintsGoesToStandardErrorNotIntoTheProtocol() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try CPlugin.build(Self.fixture, named: "libchatty", in: folder.path, defines: ["CHATTY"])
        let result = try Shell.run([BuildProducts.peach, "train", "--headless", "--data-dir", folder.file("data"), "--duration", "0.3",
                                    "--plugin-path", folder.path, "--source", "org.peach.test.fixture", "--wav", folder.file("out.wav")],
                                   input: "higher\nquit\n")
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

    /// Every command that loads a plugin into Peach's process keeps standard output to itself, not only
    /// `train --headless`: the JSON of drone and metronome, and a WAV on standard output, stay whole.
    @Test(arguments: [["drone", "A3", "--seconds", "0.5", "--json", "--wav", "out.wav"],
                      ["metronome", "--seconds", "0.5", "--json", "--wav", "out.wav"],
                      ["play", "A4", "--wav", "-"]])
    func whatAnInProcessPluginPrintsStaysOutOfEveryCommandsOutput(command: [String]) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try CPlugin.build(Self.fixture, named: "libchatty", in: folder.path, defines: ["CHATTY"])
        let arguments = command.map { $0 == "out.wav" ? folder.file($0) : $0 }
        let result = try Shell.run([BuildProducts.peach] + arguments + ["--plugin-path", folder.path, "--plugin-isolation", "in-process",
                                                                        "--source", "org.peach.test.fixture"],
                                   environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": folder.file("data"),
                                                 "XDG_CACHE_HOME": folder.file("cache")])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("chatty"), "\(result.standardOutput.prefix(200))")
        if command.contains("--json") {
            #expect((try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) is [String: Any], "\(result.standardOutput)")
        } else {
            #expect(result.standardOutput.hasPrefix("RIFF"), "the WAV comes first: \(result.standardOutput.prefix(40))")
        }
        for said in ["chatty: activated", "chatty: processing"] {
            #expect(result.standardError.contains(said), "\(result.standardError)")
        }
    }

    // MARK: Plugins that misbehave while playing

    /// `peach play A4` with the fixture built with `define`, in Peach's own process unless `isolation` says otherwise:
    /// these tests are about what Peach does when a plugin shares its process.
    static func play(_ define: [String], in folder: TemporaryDirectory, isolation: String = "in-process",
                     timeout: Int = 30, extra: [String] = []) throws -> (result: Shell.Output, library: String) {
        let library = try CPlugin.build(fixture, named: "libfaulty", in: folder.path, defines: define)
        // Killed should it outlast `timeout`: a hang on the main thread outlasts a SIGTERM.
        let result = try Shell.run(["timeout", "--kill-after=5", String(timeout), BuildProducts.peach, "play", "A4", "--plugin-path", folder.path,
                                    "--plugin-isolation", isolation, "--source", "org.peach.test.fixture", "--wav", folder.file("out.wav")] + extra)
        return (result, library)
    }

    /// By default a plugin from outside Peach's own folders runs in a bridge
    /// process: its crash or hang costs that sound, and Peach ends its command
    /// as for any failing source, with the WAV whole and every block before the fault in it.
    @Test(arguments: [("CRASH_IN_PROCESS", "its bridge process ended: it crashed (signal 11"),
                      ("HANG_IN_PROCESS", "it did not finish a block within 2000 ms, so its bridge process was stopped")])
    func byDefaultAThirdPartyPluginsCrashOrHangCostsOnlyItsSound(define: String, reason: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let (result, _) = try Self.play([define], in: folder, isolation: "auto")
        #expect(result.status == 1 && !result.killedBySignal, "\(result.status) \(result.standardError)")
        #expect(result.standardError.contains("org.peach.test.fixture says: \(reason)"), "\(result.standardError)")
        #expect(!result.standardError.contains("Backtrac"), "\(result.standardError)")
        let samples = try WavFile.read(path: folder.file("out.wav")).samples[0]
        #expect(samples[..<4864].contains { $0 != 0 } && samples[4864...].allSatisfy { $0 == 0 }, "played up to the fault, silent after it")
    }

    /// The WAV file is whole: its header's sizes match the file, and it holds the frames rendered.
    static func expectFinishedWAV(_ path: String, frames: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        #expect(u32(4) == bytes.count - 8, "RIFF size", sourceLocation: sourceLocation)
        #expect(u32(54) == frames * 4 && bytes.count == 58 + frames * 4, "data size", sourceLocation: sourceLocation)
        #expect(u32(46) == frames, "fact: frames", sourceLocation: sourceLocation)
        let samples = try WavFile.read(path: path).samples[0]
        #expect(samples.count == frames, sourceLocation: sourceLocation)
        let loudest = samples.map(abs).max() ?? 0
        #expect(abs(loudest - 0.3) < 0.01, "the A4 rendered before the fault is there", sourceLocation: sourceLocation)
    }

    @Test func aCrashInProcessNamesThePluginAndFinishesTheWAV() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let (result, library) = try Self.play(["CRASH_IN_PROCESS"], in: folder)
        #expect(result.status == 70 && !result.killedBySignal, "\(result.status) \(result.standardError)")
        #expect(result.standardError.contains("the sound source org.peach.test.fixture (\(library)) crashed in process (SIGSEGV)"),
                "\(result.standardError)")
        #expect(!result.standardError.contains("Backtrace") && !result.standardError.contains("Crash"), "\(result.standardError)")
        try Self.expectFinishedWAV(folder.file("out.wav"), frames: 4864)  // every block before the one it crashed in
    }

    /// A crash in a call Peach makes on the main thread is said as one in `process` is, naming the call;
    /// outside training there are no answers, so the message claims none are saved.
    @Test(arguments: [("CRASH_IN_ACTIVATE", "activate"), ("CRASH_IN_DEACTIVATE", "deactivate"), ("CRASH_IN_DESTROY", "destroy")])
    func aCrashInAMainThreadCallNamesThePluginAndTheCall(define: String, call: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let (result, library) = try Self.play([define], in: folder)
        #expect(result.status == 70 && !result.killedBySignal, "\(result.status) \(result.standardError)")
        #expect(result.standardError.contains(
            "peach: the sound source org.peach.test.fixture (\(library)) crashed in \(call) (SIGSEGV). Peach had to stop.\n"), "\(result.standardError)")
        #expect(!result.standardError.contains("answer"), "\(result.standardError)")
        #expect(!result.standardError.contains("Backtrace") && !result.standardError.contains("Crash"), "\(result.standardError)")
    }

    /// In training every answer is on disk before its feedback, and the message says so.
    @Test func aCrashWhileTrainingSaysEveryAnswerIsSaved() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let data = folder.file("data")
        let library = try CPlugin.build(Self.fixture, named: "libfaulty", in: folder.path, defines: ["CRASH_IN_DEACTIVATE"])
        let result = try Shell.run(["timeout", "30", BuildProducts.peach, "train", "--headless", "--data-dir", data, "--duration", "0.3",
                                    "--plugin-path", folder.path, "--plugin-isolation", "in-process", "--source", "org.peach.test.fixture",
                                    "--wav", folder.file("out.wav")], input: "higher\nquit\n")
        #expect(result.status == 70, "\(result.status) \(result.standardError)")
        #expect(result.standardError.contains("peach: the sound source org.peach.test.fixture (\(library)) crashed in deactivate (SIGSEGV). "
                                              + "Peach had to stop. Every answer given is saved.\n"), "\(result.standardError)")
        #expect(try HistoryStore(directory: data).readAll().answers.count == 1)
    }

    /// `sources --check` plays through an engine of its own: a crash there is said in the same words as in `play`.
    @Test func aCrashDuringTheTuningCheckIsSaidInTheUsersWords() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let library = try CPlugin.build(Self.fixture, named: "libfaulty", in: folder.path, defines: ["CRASH_IN_PROCESS"])
        let result = try Shell.run(["timeout", "30", BuildProducts.peach, "sources", "--plugin-path", folder.path, "--plugin-isolation", "in-process",
                                    "--check", "org.peach.test.fixture"])
        #expect(result.status == 70 && !result.killedBySignal, "\(result.status) \(result.standardError)")
        #expect(result.standardError.contains("the sound source org.peach.test.fixture (\(library)) crashed in process (SIGSEGV)"),
                "\(result.standardError)")
    }

    @Test func aHangInProcessIsStoppedByTheWatchdog() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let (result, library) = try Self.play(["HANG_IN_PROCESS"], in: folder)
        #expect(result.status == 70, "\(result.status) \(result.standardError)")
        #expect(result.standardError.contains("the sound source org.peach.test.fixture (\(library)) hung in process"), "\(result.standardError)")
        try Self.expectFinishedWAV(folder.file("out.wav"), frames: 4864)
    }

    /// A call on the main thread that never returns has a deadline as `process` has, as long as a bridge
    /// process gives that call (activate may measure a whole instrument): then Peach names the plugin and
    /// the call in one line and exits as for a crash, rather than wait for ever.
    /// Every call on the main thread has its deadline, an option's too (it had none: Peach waited for ever).
    @Test(arguments: [(["HANG_IN_ACTIVATE"], "activate", 60.0), (["HANG_IN_DEACTIVATE"], "deactivate", 10.0),
                      (["HANG_IN_SET_OPTION", "OPTION_COUNT=1"], "set_option", 10.0)])
    func aHangInAMainThreadCallIsStoppedAtItsDeadline(defines: [String], call: String, seconds: Double) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let start = Date()
        let (result, library) = try Self.play(defines, in: folder, timeout: Int(seconds) + 60,
                                              extra: call == "set_option" ? ["--option", "gain=0.3"] : [])
        let took = Date().timeIntervalSince(start)
        #expect(result.status == 70 && !result.killedBySignal, "\(result.status) \(result.standardError)")
        #expect(result.standardError.hasSuffix(
            "peach: the sound source org.peach.test.fixture (\(library)) hung in \(call): a call did not return. Peach had to stop.\n"),
                "\(result.standardError)")
        #expect(took >= seconds && took < seconds + 30, "ended after \(took) s")
    }

    /// A block slower than real time but within the 2 s deadline is no hang, in Peach's process too,
    /// while the command waits for its notes to render (the shorter deadline is for a stop).
    @Test func aSlowBlockWithinTheDeadlineIsNoHang() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let (result, _) = try Self.play(["SLOW_BLOCK_US=1500000"], in: folder)
        #expect(result.status == 0, "\(result.status) \(result.standardError)")
        #expect(!result.standardError.contains("hung"), "\(result.standardError)")
    }

    /// SIGTERM while a plugin hangs: Peach does not wait out the watchdog's full deadline.
    @Test func sigtermDuringAHangEndsPeachPromptly() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try CPlugin.build(Self.fixture, named: "libhangs", in: folder.path, defines: ["HANG_IN_PROCESS"])
        let wav = folder.file("out.wav")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuildProducts.peach)
        process.arguments = ["play", "A4", "--plugin-path", folder.path, "--plugin-isolation", "in-process",
                             "--source", "org.peach.test.fixture", "--wav", wav]
        process.environment = ProcessInfo.processInfo.environment.merging(TestLocale.english) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // The hang begins once the block before it is in the file.
        let hungSize = UInt64(58 + 4864 * 4)
        let start = Date()
        while ((try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? UInt64) ?? 0) < hungSize {
            try #require(Date().timeIntervalSince(start) < 20, "never reached the hang")
            usleep(1000)
        }
        let hungAt = Date()
        kill(process.processIdentifier, SIGTERM)
        while process.isRunning && Date().timeIntervalSince(hungAt) < 20 { usleep(10_000) }
        let seconds = Date().timeIntervalSince(hungAt)
        #expect(!process.isRunning && process.terminationStatus == 70)
        #expect(seconds < Double(1.5), "ended \(seconds) s after SIGTERM, before the 2 s deadline a hang has without one")
        try Self.expectFinishedWAV(wav, frames: 4864)
    }

    @Test func aSourceThatWritesPastItsBlockIsSilencedAndNamed() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let (result, library) = try Self.play(["OVERRUN"], in: folder)
        #expect(result.status == 1, "\(result.status) \(result.standardError)")
        #expect(result.standardError.contains(
            "the sound source wrote past the end of its buffer at frame 4864 and was silenced (org.peach.test.fixture, \(library))"),
                "\(result.standardError)")
        let samples = try WavFile.read(path: folder.file("out.wav")).samples[0]
        #expect(samples[..<4864].contains { $0 != 0 } && samples[4864...].allSatisfy { $0 == 0 }, "silenced from the block it overran")
    }

    @Test func aSourceThatPlaysSilenceIsAnError() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let (result, library) = try Self.play(["SILENT"], in: folder)
        #expect(result.status == 1, "\(result.status) \(result.standardError)")
        #expect(result.standardError.contains(
            "the sound source played only silence for the first 100 ms of the note at 440 Hz (frame 0) and was silenced (org.peach.test.fixture, \(library))"),
                "\(result.standardError)")
    }

    /// A SoundFont whose sample data was zeroed (as a damaged download might
    /// be) loads and accepts notes, but nobody would hear them: an error.
    /// Played as the font tunes it, the host finds the silence; calibrated
    /// (the default), the source finds no pitch to measure and refuses first.
    @Test func aSoundFontThatPlaysSilenceIsAnError() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        var font = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FluidFixture.timGM6mb)))
        let samples = try #require(font.indices.first { font[$0..<($0 + 4)] == Array("smpl".utf8)[...] })
        let size = Int(font[samples + 4]) | Int(font[samples + 5]) << 8 | Int(font[samples + 6]) << 16 | Int(font[samples + 7]) << 24
        font.replaceSubrange((samples + 8)..<(samples + 8 + size), with: repeatElement(0, count: size))
        try Data(font).write(to: URL(fileURLWithPath: folder.file("damaged.sf2")))
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "--source", FluidFixture.sourceID,
                                    "--option", "font=" + folder.file("damaged.sf2"), "--option", "tuning=font", "--wav", folder.file("out.wav")])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardError.contains("the sound source played only silence for the first 100 ms of the note at 440 Hz (frame 0)"),
                "\(result.standardError)")
        #expect(result.standardError.contains(FluidFixture.sourceID))
        let calibrated = try Shell.run([BuildProducts.peach, "play", "A4", "--source", FluidFixture.sourceID,
                                        "--option", "font=" + folder.file("damaged.sf2"), "--wav", folder.file("calibrated.wav")])
        #expect(calibrated.status == 1)
        #expect(calibrated.standardError.contains("has no key with a pitch Peach can measure and correct: it is silent"), "\(calibrated.standardError)")
    }

    /// Headless training: a pair whose sound failed is not recorded, and the client is told why.
    @Test(arguments: ["PROCESS_ERROR", "SILENT"])
    func aHeadlessPairWhoseSoundFailedIsNotRecorded(define: String) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try CPlugin.build(Self.fixture, named: "libfaulty", in: folder.path, defines: [define])
        let message = try Self.headlessFailure(in: folder, ["--source", "org.peach.test.fixture"])
        #expect(message.contains(define == "SILENT" ? "played only silence" : "synth engine gave up"), "\(message)")
    }

    /// Headless training with the plugins in `folder` and `arguments`, which
    /// must end after one pair with an error line and nothing recorded; returns its message.
    static func headlessFailure(in folder: TemporaryDirectory, _ arguments: [String],
                                sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let data = folder.file("data")
        let result = try Shell.run([BuildProducts.peach, "train", "--headless", "--data-dir", data, "--duration", "0.3",
                                    "--plugin-path", folder.path, "--wav", folder.file("out.wav")] + arguments,
                                   input: "higher\nhigher\nquit\n")
        #expect(result.status == 1, "\(result.standardError)", sourceLocation: sourceLocation)
        let lines = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(lines.map { $0["type"] as? String } == ["pair", "error"], "\(result.standardOutput) / \(result.standardError)", sourceLocation: sourceLocation)
        #expect(try HistoryStore(directory: data).readAll().answers.isEmpty, "nobody heard the pair: nothing is recorded", sourceLocation: sourceLocation)
        return lines.last?["message"] as? String ?? ""
    }

    /// A source that refuses a pair's note (ABI 1.1's NOTE_REFUSED, here from a
    /// bridge process) ends headless training with its words; nothing is recorded.
    @Test func aHeadlessPairWhoseNoteWasRefusedIsNotRecorded() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try CPlugin.build(BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/abi11_source.c", named: "libabi11", in: folder.path)
        // The fixture plays up to 2000 Hz but refuses every note above 1000 Hz: C6 to B6 are refused. A first
        // pair a semitone up from B6 would be 2093 Hz; it is played lower down, where it fits both ways.
        let message = try Self.headlessFailure(in: folder, ["--range", "C6-B6", "--source", "org.peach.test.abi11"])
        #expect(message.contains("The sound would not play that pair (no pitch above 1000 Hz, asked "), "\(message)")
    }
}
