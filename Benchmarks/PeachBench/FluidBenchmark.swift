import Foundation
import PeachAudio
import PeachHost

/// Figure 8: the FluidSynth source with TimGM6mb (flute, program 73), against
/// the `fluidsynth` command-line program rendering the same notes with -F.
///   (a) one voice: a 60 s note at A4 + 0.3 cent (so the sub-cent resampler
///       works), through AudioEngine and through process() alone, in
///       multiples of real time, median of 5; baseline: `fluidsynth -F`
///       rendering the same note from a MIDI file, as a whole process;
///   (b) loading TimGM6mb: the first activate in this process (read the font,
///       make the 16 voices), with the font's own tuning so that no
///       calibration is in it; and an activate once the font is loaded;
///   (c) a program change while playing, between programs already
///       calibrated: set_option, then the block in which the next note starts
///       (where the voice selects the program), median of 11; and the first
///       use of a program, which measures its tuning (then cached on disk);
///   (d) the same 20 notes (1 s each) written to a WAV file by `peach play`
///       and by `fluidsynth -F`, each a whole process, median of 5.
/// Calibrations go to a fresh cache folder, so the first use is really first.
struct FluidBenchmark {
    static let sourceID = "org.peach.fluid"
    static let font = "/usr/share/sounds/sf2/TimGM6mb.sf2"
    static let runs = 5
    static let seconds = 60
    static let audioFormat = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256)
    static let realTimeTarget = 100.0, loadTarget = 100.0, programChangeTarget = 20.0

    let releaseDirectory: String
    var libraryPath: String { releaseDirectory + "/libPeachFluidSource.so" }

    func rows() throws -> [Row] {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-cache-\(getpid())").path
        setenv("XDG_CACHE_HOME", cache, 1)  // for this process and the peach processes it starts
        defer { try? FileManager.default.removeItem(atPath: cache) }
        guard let fluidsynth = ProcessRunner.find("fluidsynth") else { throw BenchError("the fluidsynth program is missing: run `make deps`") }

        let (load, reload) = try loadTimes()
        let (change, firstUse) = try programChangeTimes()
        let engine = median(try Measurement.repeated(Self.runs, renderThroughEngine).map(realTimeFactor))
        let direct = median(try Measurement.repeated(Self.runs, renderByCallingProcess).map(realTimeFactor))
        let cli = try fluidsynthBaseline(fluidsynth, notes: [(69, 0.0, Double(Self.seconds))])
        let cliRealTime = Double(Self.seconds) / cli.seconds
        let sequence = (0..<20).map { (60 + $0 % 12, Double($0), 1.0) }
        let peachSequence = try peachPlayTime(sequence)
        let cliSequence = try fluidsynthBaseline(fluidsynth, notes: sequence)

        return [
            .realTime("8a FluidSynth source, one voice, 60 s via AudioEngine (median of \(Self.runs))", engine,
                      target: Self.realTimeTarget, baseline: "fluidsynth -F", cliRealTime),
            .realTime("8a FluidSynth source, one voice, 60 s via process() alone", direct,
                      target: Self.realTimeTarget, baseline: "fluidsynth -F", cliRealTime),
            .checked("8b load TimGM6mb: first activate in a process", target: "< \(format(Self.loadTarget, decimals: 0)) ms",
                     measured: "\(format(load)) ms", baseline: "then \(format(reload)) ms with the font loaded", passes: load < Self.loadTarget),
            .checked("8c program change while playing (median of 11)", target: "< \(format(Self.programChangeTarget, decimals: 0)) ms",
                     measured: "\(format(change, decimals: 2)) ms", passes: change < Self.programChangeTarget),
            .info("8c first use of a program: measuring its tuning (then cached)", measured: "\(format(firstUse)) ms"),
            .info("8d 20 notes to a WAV file, whole process: peach play (median of \(Self.runs))", measured: "\(format(peachSequence.milliseconds)) ms",
                  baseline: "fluidsynth -F \(format(cliSequence.milliseconds)) ms; Peach/fluidsynth \(format(peachSequence.seconds / cliSequence.seconds, decimals: 2))"),
        ]
    }

    private func realTimeFactor(_ elapsed: Duration) -> Double { Double(Self.seconds) / elapsed.seconds }

    private func instance(_ options: [String: String]) throws -> SourceInstance {
        let instance = try PluginLibrary.load(path: libraryPath).makeInstance(of: Self.sourceID)
        for (key, value) in (["font": Self.font].merging(options) { $1 }).sorted(by: { $0.key < $1.key }) { try instance.set(key, to: value) }
        return instance
    }

    /// The first activate in this process reads the font; later ones find it loaded.
    private func loadTimes() throws -> (first: Double, again: Double) {
        let first = try instance(["tuning": "font"]), second = try instance(["tuning": "font", "program": "19"])
        let load = try Measurement.time { try first.activate(sampleRate: 48000, maxFrames: 256, channels: 2) }
        let again = try Measurement.time { try second.activate(sampleRate: 48000, maxFrames: 256, channels: 2) }
        first.deactivate()
        second.deactivate()
        return (load.milliseconds, again.milliseconds)
    }

    /// Live program changes between two calibrated programs, each followed by
    /// the block in which the next note starts.
    private func programChangeTimes() throws -> (change: Double, firstUse: Double) {
        let source = try instance(["program": "73"])
        let engine = try AudioEngine(output: NullOutput(format: Self.audioFormat, paced: false), source: source)
        defer { try? engine.stop() }
        let firstUse = try Measurement.time { try source.set("program", to: "19") }
        var times: [Double] = []
        for index in 0..<11 {
            let at = engine.renderedFrames
            times.append(try Measurement.time {
                try source.set("program", to: index % 2 == 0 ? "73" : "19")
                try engine.playNote(frequency: 440, at: at, durationFrames: 1000)
                _ = engine.render(through: at + Int64(Self.audioFormat.blockFrames))
            }.milliseconds)
            _ = engine.render(through: at + 48_000)
        }
        return (median(times), firstUse.milliseconds)
    }

    private func renderThroughEngine() throws -> Duration {
        let engine = try AudioEngine(output: NullOutput(format: Self.audioFormat, paced: false), source: try instance(["program": "73"]))
        try engine.schedule(.noteOn(engine.makeNoteID(), frequency: 440 * pow(2, 0.3 / 1200), at: 0))
        var notices: [EngineNotice] = []
        let elapsed = Measurement.time { notices = engine.render(through: Int64(Self.seconds) * 48_000) }
        let sounding = !engine.isSilent
        try engine.stop()
        guard notices.isEmpty, sounding else { throw BenchError("the FluidSynth run went wrong: \(notices), sounding: \(sounding)") }
        return elapsed
    }

    private func renderByCallingProcess() throws -> Duration {
        let instance = try DirectInstance(libraryPath: libraryPath, sourceID: Self.sourceID, options: ["font": Self.font, "program": "73"], format: Self.audioFormat)
        defer { instance.destroy() }
        return try instance.render(blocks: Self.seconds * 48_000 / Self.audioFormat.blockFrames, frequency: 440 * pow(2, 0.3 / 1200))
    }

    /// `peach play` writing the notes (key, start and length in seconds, back to back) to a WAV file, as a process.
    private func peachPlayTime(_ notes: [(key: Int, start: Double, seconds: Double)]) throws -> Duration {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-fluid-\(getpid()).wav").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let command = [releaseDirectory + "/peach", "play"] + notes.map { String($0.key) }
            + ["--duration", "1", "--source", Self.sourceID, "--option", "font=" + Self.font, "--option", "program=73", "--wav", output]
        // Each run writes a new file: Peach writes none over another.
        func run() throws -> Duration {
            try? FileManager.default.removeItem(atPath: output)
            return try ProcessRunner.time(command)
        }
        _ = try run()  // measures the program's tuning once, into the cache
        return Duration.milliseconds(median(try Measurement.repeated(Self.runs) { try run() }.map(\.milliseconds)))
    }

    /// `fluidsynth -F` rendering the same notes (flute, reverb and chorus off) from a MIDI file, as a process.
    private func fluidsynthBaseline(_ fluidsynth: String, notes: [(key: Int, start: Double, seconds: Double)]) throws -> Duration {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-fluidsynth-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try StandardMIDIFile.notes(program: 73, notes).write(to: URL(fileURLWithPath: folder + "/notes.mid"))
        let command = [fluidsynth, "-n", "-i", "-q", "-R", "0", "-C", "0", "-r", "48000", "-F", folder + "/out.wav", Self.font, folder + "/notes.mid"]
        return Duration.milliseconds(median(try Measurement.repeated(Self.runs) { try ProcessRunner.time(command) }.map(\.milliseconds)))
    }
}

/// A type-0 Standard MIDI File: a program change, then notes at 120 beats a minute.
enum StandardMIDIFile {
    static func notes(program: UInt8, _ notes: [(key: Int, start: Double, seconds: Double)]) -> Data {
        let ticksPerSecond = 960.0  // 480 a beat
        var events: [(tick: Int, bytes: [UInt8])] = [(0, [0xC0, program])]
        for note in notes {
            events.append((Int(note.start * ticksPerSecond), [0x90, UInt8(note.key), 100]))
            events.append((Int((note.start + note.seconds) * ticksPerSecond), [0x80, UInt8(note.key), 0]))
        }
        var track: [UInt8] = []
        var now = 0
        for event in events.sorted(by: { $0.tick < $1.tick }) {
            track += variableLength(event.tick - now) + event.bytes
            now = event.tick
        }
        track += [0x00, 0xFF, 0x2F, 0x00]  // end of track
        let header: [UInt8] = Array("MThd".utf8) + [0, 0, 0, 6, 0, 0, 0, 1, 0x01, 0xE0]
        return Data(header + Array("MTrk".utf8) + bigEndian32(track.count) + track)
    }

    private static func variableLength(_ value: Int) -> [UInt8] {
        var bytes = [UInt8(value & 0x7F)]
        var rest = value >> 7
        while rest > 0 {
            bytes.insert(UInt8(rest & 0x7F) | 0x80, at: 0)
            rest >>= 7
        }
        return bytes
    }

    private static func bigEndian32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
