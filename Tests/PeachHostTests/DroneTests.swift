import PeachAudio
import PeachDrone
import PeachHost
import PeachMusic
import PeachTestSupport
import Testing

/// The drone measured in its rendered sound: each tone's pitch, the fifth
/// pure or tempered, the organ-like timbre's harmonics, and changes that
/// neither gap nor click.
@Suite struct DroneTests {
    /// Renders `setups` one after another through a DronePlayer on the sine, each `frames` long, then lets go.
    static func render(_ setups: [DroneSetup], frames: Int64, overtones: String = "0") throws -> [Double] {
        let output = MemoryOutput(capacityFrames: setups.count * Int(frames) + 96_000)
        let source = try SineFixture.instance(options: ["attack-ms": "100", "release-ms": "300", "overtones": overtones])
        let engine = try AudioEngine(output: output, source: source)
        let drone = DronePlayer(engine: engine)
        for (index, setup) in setups.enumerated() { try drone.play(setup, at: Int64(index) * frames) }
        try drone.stop(at: Int64(setups.count) * frames)
        _ = engine.render(through: Int64(setups.count) * frames + 24_000)
        try engine.stop()
        return output.samples(channel: 0).map(Double.init)
    }

    @Test(arguments: ["A", "D3", "Bb2", "C#5", "G1"])
    func eachToneIsWithinAHundredthOfACent(note: String) throws {
        for (reference, cents) in [(440.0, 0.0), (415.3, 0), (442, -3.7), (466.2, 12.34)] where (400...480).contains(reference) {
            let setup = DroneSetup(root: try DroneSetup.note(parsing: note), cents: cents, reference: reference, fifth: true, octave: true)
            let samples = try Self.render([setup], frames: 96_000)
            let steady = samples[9_600..<86_400]
            for frequency in setup.frequencies {
                let measured = FrequencyMeter.frequency(of: steady, sampleRate: 48000, near: frequency)
                let error = FrequencyMeter.cents(measured, from: frequency)
                #expect(abs(error) < 0.01, "\(note) at A4 = \(reference) \(cents) c: asked \(frequency) Hz, measured \(measured) Hz (\(error) c)")
            }
        }
    }

    /// A root without an octave is taken in octave 3; a bad one is quoted as written, without it.
    @Test func aRootIsReadWithOrWithoutItsOctave() throws {
        #expect(try DroneSetup.note(parsing: "Bb").number == 58)
        #expect(try DroneSetup.note(parsing: " F#4 ").number == 66)
        #expect(throws: NoteParseError.malformed("X")) { try DroneSetup.note(parsing: "X") }
        #expect(throws: NoteParseError.malformed("--json")) { try DroneSetup.note(parsing: "--json") }
    }

    @Test func theJustFifthIs701955MillicentsAndTheEqualOne700Cents() throws {
        for (tuning, cents) in [(DroneSetup.Tuning.just, 701.955), (.equal, 700.0)] {
            let setup = DroneSetup(root: try DroneSetup.note(parsing: "D3"), fifth: true, tuning: tuning)
            let steady = try Self.render([setup], frames: 96_000)[9_600..<86_400]
            let root = FrequencyMeter.frequency(of: steady, sampleRate: 48000, near: setup.frequencies[0])
            let fifth = FrequencyMeter.frequency(of: steady, sampleRate: 48000, near: setup.frequencies[1])
            #expect(abs(FrequencyMeter.cents(fifth, from: root) - cents) < 0.01, "\(tuning): the fifth is \(FrequencyMeter.cents(fifth, from: root)) cents")
        }
    }

    @Test func theOrganTimbreAddsHarmonicsAtExactMultiples() throws {
        let setup = DroneSetup(root: try DroneSetup.note(parsing: "A2"))
        let steady = try Self.render([setup], frames: 96_000, overtones: "1")[9_600..<86_400]
        let root = setup.frequencies[0]
        for harmonic in 1...6 {
            let measured = FrequencyMeter.frequency(of: steady, sampleRate: 48000, near: root * Double(harmonic))
            #expect(abs(FrequencyMeter.cents(measured, from: root * Double(harmonic))) < 0.01, "harmonic \(harmonic) at \(measured) Hz")
            let strength = FrequencyMeter.phase(of: steady, frequency: root * Double(harmonic), sampleRate: 48000, firstFrame: 9_600).amplitude
            #expect(strength > 0.01, "harmonic \(harmonic) is only \(strength) strong")
        }
        let pure = try Self.render([setup], frames: 96_000)[9_600..<86_400]
        #expect(FrequencyMeter.phase(of: pure, frequency: root * 2, sampleRate: 48000, firstFrame: 9_600).amplitude < 1e-4)
    }

    /// A drone moved while it sounds cross-fades: no step between samples larger
    /// than the tones themselves make, no gap in the level, and it fades in and out.
    @Test func changesFadeInAndOutWithoutAGapOrAClick() throws {
        let a = DroneSetup(root: try DroneSetup.note(parsing: "A2"), fifth: true)
        let samples = try Self.render([a, a.moved(by: 2), a.moved(by: -12)], frames: 48_000, overtones: "1")
        // The steepest a sum of these tones can move in one frame, with their amplitudes: 2π f A / rate each.
        let largestStep = zip(samples.dropFirst(), samples).map { abs($0 - $1) }.max()!
        let peak = samples.map(abs).max()!
        #expect(peak < 0.95)
        #expect(largestStep < 0.06, "a step of \(largestStep) between neighbouring samples")
        // No gap: the level over every 10 ms from the first 100 ms to the release stays above a third of the peak.
        for start in stride(from: 4_800, to: 3 * 48_000 - 480, by: 480) {
            let level = samples[start..<(start + 480)].map(abs).max()!
            #expect(level > peak / 3, "the drone dips to \(level) at frame \(start)")
        }
        #expect(samples[0] == 0 && abs(samples[1]) < 1e-6, "it starts from silence")
        #expect(samples.suffix(1000).allSatisfy { $0 == 0 }, "it ends in silence")
    }
}
