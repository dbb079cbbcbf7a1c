import Foundation
import MusicalTime
import PeachAudio
import PeachHost
import PeachMusic
import PeachTestSupport
import PeachTraining
import Testing

/// ABI 1.1 is additive: a plugin compiled against a copy of the 1.0 header
/// still loads and plays, and a 1.1 plugin hears the inputs, follows the
/// transport, refuses notes with a reason and declares its note range.
@Suite struct PluginABITests {
    static let fixtures = BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures"

    @Test(arguments: [PluginIsolation.inProcess, .bridged])
    func aPluginBuiltAgainstTheABI10HeaderStillPlays(isolation: PluginIsolation) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let library = try CPlugin.build(Self.fixtures + "/bad_source.c", named: "libabi10", in: folder.path, headers: Self.fixtures + "/abi_1_0")
        let source = try PluginBridgeTests.catalog(library).makeInstance(of: PluginBridgeTests.fixtureID, isolation: isolation)
        let (samples, notices) = try PluginBridgeTests.render(source, frames: 24_000)
        #expect(notices.isEmpty, "\(notices)")
        let measured = FrequencyMeter.frequency(of: samples[2400..<12_000].map(Double.init)[...], sampleRate: 48000)
        #expect(abs(FrequencyMeter.cents(measured, from: 440)) < 0.01)
    }

    static func abi11Source(in folder: TemporaryDirectory, _ isolation: PluginIsolation) throws -> SourceInstance {
        let library = try CPlugin.build(Self.fixtures + "/abi11_source.c", named: "libabi11", in: folder.path)
        return try PluginBridgeTests.catalog(library).makeInstance(of: "org.peach.test.abi11", isolation: isolation)
    }

    /// The transport's beats (a click from the plugin on each) land on the
    /// frames the tempo map gives; the input comes back through the source at half level.
    @Test(arguments: [PluginIsolation.inProcess, .bridged])
    func aSourceHearsTheTransportAndTheInput(isolation: PluginIsolation) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let path = folder.file("in.wav")
        #expect(try Shell.run(["sox", "-n", "-r", "48000", "-c", "1", "-b", "32", "-e", "floating-point", path,
                               "synth", "1", "sine", "441", "vol", "0.25"]).status == 0)
        let output = MemoryOutput(capacityFrames: 48_000)
        let engine = try AudioEngine(output: output, source: try Self.abi11Source(in: folder, isolation))
        try engine.attach(input: try SoundFileInput(path: path))
        try engine.setTransport(try TempoMap(tempo: Tempo(bpm: 180)!, sampleRate: 48000), originFrame: 1000)
        _ = engine.renderBlocks(48_000 / 256)
        try engine.stop()
        let played = output.samples(channel: 0)
        let input = try WavFile.read(path: path).samples[0]
        let clicks = [1000, 17_000, 33_000]  // 180 BPM: a beat every 16,000 frames from frame 1000
        for frame in 0..<played.count where !clicks.contains(frame) {
            guard abs(Double(played[frame]) - 0.5 * input[frame]) < 1e-6 else {
                Issue.record("frame \(frame): \(played[frame]), the input at half level is \(0.5 * input[frame])")
                return
            }
        }
        for frame in clicks { #expect(abs(Double(played[frame]) - 0.5 * input[frame] - 0.75) < 1e-6, "a click at frame \(frame)") }
    }

    /// A pair whose second note lies outside the range is refused whole: the
    /// first note, in range, is not left to play alone.
    @Test func aPairIsRefusedWholeOrPlayedWhole() throws {
        let output = MemoryOutput(capacityFrames: 48_000)
        let engine = try AudioEngine(output: output, source: try SineFixture.instance())
        let player = PairPlayer(engine: engine, noteSeconds: 0.25)
        // The Sine plays 8 Hz to 20 kHz: C-1 is 8.18 Hz, 50 cents down is 7.94 Hz.
        #expect(throws: EngineError.self) { try player.play(TrainingPair(note: MIDINote(number: 0)!, cents: -50, kind: .nearby), reference: 440) }
        _ = try player.play(TrainingPair(note: MIDINote(number: 0)!, cents: 50, kind: .nearby), reference: 440)
        let notices = engine.renderBlocks(48_000 / 256)
        try engine.stop()
        #expect(notices.isEmpty, "\(notices)")
        let samples = output.samples(channel: 0)
        let first = try #require(samples.firstIndex { $0 != 0 })
        #expect(first == 513, "only the pair that fits plays, from the first free frame after the lead (\(first))")
    }

    /// A note above the declared range is refused before it is scheduled; one
    /// the source cannot play comes back as a refusal with its words.
    @Test(arguments: [PluginIsolation.inProcess, .bridged])
    func notesAreRefusedWithAReason(isolation: PluginIsolation) throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let source = try Self.abi11Source(in: folder, isolation)
        #expect(source.noteRange() == 20...2000)
        let engine = try AudioEngine(output: MemoryOutput(capacityFrames: 40 * 256), source: source)
        #expect(throws: EngineError.noteOutOfRange(frequency: 2500, lowest: 20, highest: 2000, source: "org.peach.test.abi11")) {
            try engine.playNote(frequency: 2500, at: 0, durationFrames: 100)
        }
        let refused = try engine.playNote(frequency: 1500, at: 300, durationFrames: 100)
        // 200 ms: a refused note's silence is not a silent source (which is silenced after 100 ms).
        let notices = engine.renderBlocks(40)
        try engine.stop()
        #expect(notices == [TrackNotice(track: .main, notice: .noteRefused(noteID: refused, reason: 2, frequency: 1500))], "\(notices)")
        #expect(engine.refusals[refused] == "no pitch above 1000 Hz, asked 1500 Hz")
        #expect(EngineError.noteOutOfRange(frequency: 2500, lowest: 20, highest: 2000, source: "org.peach.test.abi11").words
                    == "org.peach.test.abi11 plays 20 to 2000 Hz with its current options; 2500 Hz is outside")
    }
}
