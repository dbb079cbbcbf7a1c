import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachSupport
import PeachTestSupport
import Testing

/// MIDI Out and sources that send MIDI, as a user meets them: listed (or
/// listed as unavailable, with the reason), chosen, played on the audio
/// clock without a sound card, and stopped cleanly on Ctrl-C.
@Suite struct MidiOutCommandTests {
    static let recorderSource = BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/midi_recorder.c"
    static let badSource = BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/bad_source.c"
    static let midiOutID = "org.peach.midi-out"
    static let drumsID = "org.peach.midi-out-drums"
    static let noSequencer = "no ALSA sequencer: /dev/snd/seq is missing; load the snd-seq module"
    static let hasSequencer = FileManager.default.fileExists(atPath: "/dev/snd/seq")

    struct Listing: Decodable {
        struct Source: Decodable {
            struct Option: Decodable {
                struct Choice: Decodable { var value: String }
                var key: String
                var choices: [Choice]
            }
            var id: String
            var pitched: Bool
            var options: [Option]
        }
        struct Unavailable: Decodable { var id, name, kind, library, reason: String }
        var sources: [Source]
        var unavailable: [Unavailable]
    }

    /// Built beside the program, MIDI Out and MIDI drums (one library) are
    /// always found: usable where the sequencer exists, otherwise listed as
    /// unavailable in words.
    @Test func midiOutIsListedWithItsStateAndReason() throws {
        let result = try Shell.run([BuildProducts.peach, "sources", "--json"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty, "no ALSA noise: \(result.standardError)")
        let listing = try JSONDecoder().decode(Listing.self, from: Data(result.standardOutput.utf8))
        if Self.hasSequencer {
            let source = try #require(listing.sources.first { $0.id == Self.midiOutID })
            #expect(source.options.map(\.key) == ["destination", "tuning", "bend-range", "channels", "instrument-a4"])
            #expect(source.options.first?.choices.first?.value == "none")
            let drums = try #require(listing.sources.first { $0.id == Self.drumsID })
            #expect(drums.options.map(\.key) == ["destination", "channel"])
            #expect(drums.options.first?.choices.map(\.value) == source.options.first?.choices.map(\.value), "the same destinations")
            #expect(source.pitched && !drums.pitched)
        } else {
            for (id, name) in [(Self.midiOutID, "MIDI Out"), (Self.drumsID, "MIDI drums")] {
                let source = try #require(listing.unavailable.first { $0.id == id }, "\(result.standardOutput)")
                #expect(source.name == name && source.kind == "midi")
                #expect(source.library.hasSuffix("/libPeachMidiOutSource.so"))
                #expect(source.reason == Self.noSequencer)
            }
            let text = try Shell.run([BuildProducts.peach, "sources"]).standardOutput
            #expect(text.contains("Unavailable:\n  org.peach.midi-out  MIDI Out (midi): \(Self.noSequencer)\n"
                                  + "  org.peach.midi-out-drums  MIDI drums (midi): \(Self.noSequencer)\n"), "\(text)")
        }
    }

    /// Choosing MIDI Out where there is no sequencer: one line, exit status 1, no crash.
    @Test(.enabled(if: !hasSequencer, "needs a machine without the ALSA sequencer"))
    func choosingMidiOutWithoutASequencerIsOneClearError() throws {
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "--source", Self.midiOutID])
        #expect(result.status == 1 && !result.killedBySignal)
        #expect(result.standardError == "Error: sound source org.peach.midi-out is unavailable: \(Self.noSequencer)\n")
    }

    /// Saving MIDI Out as the sound where there is no sequencer says why, not
    /// that no sound has that name; nothing is saved.
    @Test(.enabled(if: !hasSequencer, "needs a machine without the ALSA sequencer"))
    func savingMidiOutWithoutASequencerSaysWhy() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let result = try Shell.run([BuildProducts.peach, "settings", "set", "source", Self.midiOutID], environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(result.status == 1 && result.standardError == "Error: sound source org.peach.midi-out is unavailable: \(Self.noSequencer)\n", "\(result)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/peach/settings.json"))
    }

    /// The metronome on MIDI drums where there is no sequencer: the same one line.
    @Test(.enabled(if: !hasSequencer, "needs a machine without the ALSA sequencer"))
    func choosingMidiDrumsWithoutASequencerIsOneClearError() throws {
        let result = try Shell.run([BuildProducts.peach, "metronome", "120", "--bars", "1", "--json", "--source", Self.drumsID, "--option", "channel=10"])
        #expect(result.status == 1 && !result.killedBySignal)
        #expect(result.standardError == "Error: sound source org.peach.midi-out-drums is unavailable: \(Self.noSequencer)\n")
    }

    /// Any source whose create fails is listed as unavailable, in text and JSON.
    @Test func anUnavailableSourceIsListedNotRejected() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let library = try CPlugin.build(Self.badSource, named: "libnolicence", in: directory.path, defines: ["CREATE_FAILS"])
        let text = try Shell.run([BuildProducts.peach, "sources", "--plugin-path", directory.path]).standardOutput
        #expect(text.contains("Unavailable:\n") && text.contains("  org.peach.test.fixture  Test Fixture (audio): no licence key\n"), "\(text)")
        #expect(!text.contains("Rejected:"))
        let json = try Shell.run([BuildProducts.peach, "sources", "--json", "--plugin-path", directory.path]).standardOutput
        let listing = try JSONDecoder().decode(Listing.self, from: Data(json.utf8))
        let entry = try #require(listing.unavailable.first { $0.id == "org.peach.test.fixture" })
        #expect(entry.library == library && entry.reason == "no licence key" && entry.kind == "audio")
        let play = try Shell.run([BuildProducts.peach, "play", "A4", "--plugin-path", directory.path, "--source", "org.peach.test.fixture"])
        #expect(play.status == 1)
        #expect(play.standardError == "Error: sound source org.peach.test.fixture is unavailable: no licence key\n")
    }

    // MARK: The host's side of a MIDI source

    struct LoggedEvent {
        var type: Int, id: Int, frame: Int64, offset: Int, frames: Int, presentation: Int64, hz: Double

        init?(_ line: Substring) {
            guard line.hasPrefix("event ") else { return nil }
            var fields: [String: String] = [:]
            for pair in line.split(separator: " ").dropFirst() {
                let parts = pair.split(separator: "=", maxSplits: 1)
                fields[String(parts[0])] = String(parts[1])
            }
            guard let type = Int(fields["type"] ?? ""), let id = Int(fields["id"] ?? ""), let frame = Int64(fields["frame"] ?? ""),
                  let offset = Int(fields["offset"] ?? ""), let frames = Int(fields["frames"] ?? ""),
                  let presentation = Int64(fields["presentation"] ?? ""), let hz = Double(fields["hz"] ?? "") else { return nil }
            (self.type, self.id, self.frame, self.offset, self.frames, self.presentation, self.hz) = (type, id, frame, offset, frames, presentation, hz)
        }

        /// CLOCK_MONOTONIC nanoseconds at which the event is due, as a MIDI source computes it.
        var due: Double { Double(presentation) + Double(offset) / 48000 * 1e9 }
    }

    /// A MIDI source gets no audio buffers, runs on a real-time clock with no
    /// sound card (a paced null output), and each event comes in the block
    /// that holds its frame with a presentation time that places it exactly:
    /// the moments between the notes match the note lengths.
    @Test func aMidiSourceIsDrivenOnARealTimeClockWithExactMoments() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try CPlugin.build(Self.recorderSource, named: "librecorder", in: directory.path)
        let log = directory.file("events.log")
        let started = Monotonic.nanoseconds()
        let result = try Shell.run([BuildProducts.peach, "play", "A4", "C5", "E5", "--duration", "0.25", "--cents", "0.3",
                                    "--plugin-path", directory.path, "--plugin-isolation", "in-process",
                                    "--source", "org.peach.test.midi-recorder", "--option", "log=\(log)"])
        let seconds = Double(Monotonic.nanoseconds() - started) / 1e9
        #expect(result.status == 0, "\(result.standardError)")
        #expect(seconds >= 0.75, "three notes of 0.25 s take real time: \(seconds) s")

        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "activate rate=48000 channels=0")
        #expect(lines.last == "deactivate")
        let events = lines.compactMap(LoggedEvent.init)
        #expect(events.map(\.type) == [1, 2, 1, 2, 1, 2])
        #expect(events.map(\.frame) == [0, 12000, 12000, 24000, 24000, 36000])
        #expect(events.allSatisfy { $0.offset < $0.frames }, "each event comes in the block holding its frame")
        let expected = ["A4", "C5", "E5"].map { Pitch.frequency(of: try! MIDINote(parsing: $0), cents: 0.3) }
        #expect(events.filter { $0.type == 1 }.map(\.hz) == expected)
        let onsets = events.filter { $0.type == 1 }.map(\.due)
        let worst = zip(onsets, onsets.dropFirst()).map { abs(($1 - $0) - 250_000_000) }.max()!
        print("MIDI source on the paced null clock: note-on moments 0.25 s apart within \(worst / 1000) µs")
        // A presentation time is the clock plus the output's pending frames, read one after the
        // other; a preemption between the two reads moves it by as long as it lasts (121 µs once
        // under the whole suite on two cores). Placed by block instead of by frame, these notes
        // would be off by about 4.7 ms (12000 frames is 46.875 blocks of 256), so 1 ms still tells.
        #expect(worst < 1_000_000, "within 1 ms: \(worst) ns")
    }

    /// Ctrl-C while playing: the engine stops and deactivates the source
    /// (which for MIDI Out silences the instrument), and Peach exits with 130.
    @Test func interruptingPlayDeactivatesTheSource() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try CPlugin.build(Self.recorderSource, named: "librecorder", in: directory.path)
        let log = directory.file("events.log")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: BuildProducts.peach)
        process.arguments = ["play", "A4", "--duration", "20", "--plugin-path", directory.path,
                             "--source", "org.peach.test.midi-recorder", "--option", "log=\(log)"]
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while (try? String(contentsOfFile: log, encoding: .utf8))?.contains("event type=1") != true, Date() < deadline { usleep(10_000) }
        usleep(200_000)
        let interrupted = Monotonic.nanoseconds()
        process.interrupt()
        process.waitUntilExit()
        let seconds = Double(Monotonic.nanoseconds() - interrupted) / 1e9
        #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        #expect(seconds < 1, "stopped promptly: \(seconds) s")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(lines.last == "deactivate", "\(lines)")
    }
}
