import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachPluginAPI
import PeachTestSupport
import Testing

/// The Clicks source, measured in its sound rendered through the real engine:
/// every click sounds from the frame scheduled, to the frame, as the
/// metronome requires; accents differ from normal clicks; keys without a
/// click are refused with a reason.
@Suite struct ClickSourceTests {
    /// Each key, the length its click promises, and the key of the other form of the same sound.
    static let sounds: [(key: Int, milliseconds: Double, partner: Int)] = [
        (76, 45, 77), (77, 55, 76), (34, 35, 33), (33, 30, 34), (46, 80, 42), (42, 25, 46),
    ]
    /// The metronome's onset test: a click's onset is the first frame above this, at velocity 0.3 and more.
    static let threshold: Float = 0.01
    /// Odd frames at different offsets in 256-frame blocks; 1000 and 96_255 fall in a block's last frames, so those clicks cross into the next.
    static let starts: [Int64] = [1000, 48_123, 96_255]
    static let defaultGain: Float = 0.8

    static func frames(milliseconds: Double) -> Int { Int((milliseconds * 48).rounded()) }

    static func length(of key: Int) -> Int { frames(milliseconds: sounds.first { $0.key == key }!.milliseconds) }

    @Test(arguments: [76, 77, 34, 33, 46, 42])
    func everyClickSoundsFromItsExactFrameAndEndsWithinItsLength(key: Int) throws {
        let promised = Self.length(of: key)
        for velocity in [0.3, 1.0] {
            let rendering = try ClickFixture.render(Self.starts.map { (key, $0, velocity) }, frames: 150_000)
            #expect(rendering.notices.isEmpty, "\(rendering.notices)")
            let samples = rendering.samples
            let ends = Self.starts.dropFirst().map(Int.init) + [samples.count]
            var silentFrom = 0
            for (start, end) in zip(Self.starts.map(Int.init), ends) {
                let onset = samples[silentFrom...].firstIndex { abs($0) > Self.threshold }
                #expect(onset == start, "key \(key), velocity \(velocity): scheduled at \(start), first above \(Self.threshold) at \(String(describing: onset))")
                #expect(samples[silentFrom..<start].allSatisfy { $0 == 0 }, "key \(key): exact silence before frame \(start)")
                // Well above the threshold on its first frame, not just over it.
                #expect(abs(samples[start]) >= 3 * Self.threshold, "key \(key), velocity \(velocity): first frame \(samples[start])")
                let last = samples[start..<end].lastIndex { $0 != 0 }!
                #expect(last - start + 1 <= promised, "key \(key): sounds \(last - start + 1) frames, promised \(promised)")
                #expect(last - start + 1 >= promised * 9 / 10, "key \(key): sounds its length, \(last - start + 1) of \(promised) frames")
                silentFrom = last + 1
                let peak = samples[start..<end].map(abs).max()!
                if velocity == 1 {
                    #expect(peak >= 0.5 * Self.defaultGain && peak <= 0.7 * Self.defaultGain + 1e-6, "key \(key): peak \(peak) at gain \(Self.defaultGain)")
                }
                if start == Self.starts[0] {
                    print("key \(key), velocity \(velocity): first frame \(samples[start]), peak \(peak), \(last - start + 1) of \(promised) frames")
                }
            }
            #expect(samples[silentFrom...].allSatisfy { $0 == 0 })
        }
    }

    /// The accent and the normal form of each sound, measured: the woodblocks
    /// and beeps by their strongest frequency, the ticks by brightness and length.
    @Test func accentsDifferFromNormalClicksInPitchBrightnessOrLength() throws {
        let keys = Self.sounds.map(\.key)
        let spacing = 9600
        let rendering = try ClickFixture.render(keys.enumerated().map { (key: $1, frame: Int64($0 * spacing), velocity: 1.0) },
                                                frames: keys.count * spacing)
        var spectra: [Int: PowerSpectrum] = [:], lengths: [Int: Int] = [:]
        for (index, key) in keys.enumerated() {
            let sound = rendering.samples[(index * spacing)..<((index + 1) * spacing)]
            let end = sound.lastIndex { $0 != 0 }! + 1
            spectra[key] = PowerSpectrum(sound[..<end], sampleRate: 48000)
            lengths[key] = end - sound.startIndex
        }
        for (key, expected) in [(76, 1600.0), (77, 1100.0), (34, 1760.0), (33, 880.0)] {
            let strongest = spectra[key]!.strongestHz
            #expect(abs(strongest / expected - 1) < 0.02, "key \(key): strongest at \(strongest) Hz, made at \(expected) Hz")
        }
        // The high woodblock a fifth and more above the low; the bell an octave above the click.
        #expect(spectra[76]!.strongestHz / spectra[77]!.strongestHz > 1.4)
        #expect(abs(spectra[34]!.strongestHz / spectra[33]!.strongestHz - 2) < 0.02)
        // The open hi-hat far brighter, and more than three times as long as the closed one.
        #expect(spectra[46]!.centroidHz > spectra[42]!.centroidHz * 1.5, "centroids \(spectra[46]!.centroidHz) and \(spectra[42]!.centroidHz) Hz")
        #expect(lengths[46]! > 3 * lengths[42]!, "lengths \(lengths[46]!) and \(lengths[42]!) frames")
        print("clicks: strongest Hz \(keys.map { "\($0): \(Int(spectra[$0]!.strongestHz))" }), centroid Hz \(keys.map { "\($0): \(Int(spectra[$0]!.centroidHz))" }), "
              + "frames \(keys.map { "\($0): \(lengths[$0]!)" })")
    }

    /// 400 BPM in eighths of a beat, 53 clicks a second for 10 s, an accent on
    /// every beat: up to five clicks overlap, so a click's onset is measured
    /// with the others taken away. The render must equal the single clicks
    /// laid at their frames, which it can only if each starts on its own frame.
    @Test(arguments: [(76, 77), (34, 33), (46, 42)])
    func fiftyThreeClicksASecondForTenSecondsEachStartOnItsFrame(accent: Int, normal: Int) throws {
        let spacing = 900  // 60 s / 400 / 8 at 48 kHz: 18.75 ms
        let count = 10 * 48000 / spacing
        let forms: [(key: Int, velocity: Double)] = [(accent, 1), (normal, 0.7), (normal, 0.4)]
        func form(_ index: Int) -> Int { index % 8 == 0 ? 0 : index % 2 == 0 ? 1 : 2 }
        let clicks = (0..<count).map { index in
            (key: forms[form(index)].key, frame: Int64(1000 + index * spacing), velocity: forms[form(index)].velocity)
        }
        let rendering = try ClickFixture.render(clicks, frames: 1000 + count * spacing + 9600)
        #expect(rendering.notices.isEmpty, "\(rendering.notices)")
        let samples = rendering.samples
        #expect(samples.allSatisfy { $0.isFinite })
        let peak = samples.map(abs).max()!
        #expect(peak <= 1, "peak \(peak)")

        // Each form once, alone.
        let single = try ClickFixture.render(forms.enumerated().map { (key: $1.key, frame: Int64($0 * 9600), velocity: $1.velocity) },
                                             frames: forms.count * 9600)
        let alone = forms.indices.map { index in
            let sound = single.samples[(index * 9600)..<((index + 1) * 9600)]
            return Array(sound[..<(sound.lastIndex { $0 != 0 }! + 1)])
        }
        var expected = [Double](repeating: 0, count: samples.count)
        for (index, click) in clicks.enumerated() {
            for (offset, value) in alone[form(index)].enumerated() { expected[Int(click.frame) + offset] += Double(value) }
        }
        let residual = zip(samples, expected).map { abs(Double($0) - $1) }.max()!
        #expect(residual < 1e-5, "the render differs from the single clicks laid at their frames by \(residual)")

        var exact = 0
        for (index, click) in clicks.enumerated() {
            let start = Int(click.frame), sound = alone[form(index)]
            // This click alone: the render less every other click.
            let window = (start - 200)..<(start + sound.count)
            let isolated = window.map { frame in
                Double(samples[frame]) - expected[frame] + (frame >= start ? Double(sound[frame - start]) : 0)
            }
            let onset = isolated.firstIndex { abs($0) > Double(Self.threshold) }.map { window.lowerBound + $0 }
            if onset == start { exact += 1 }
            #expect(onset == start, "click \(index) (key \(click.key), velocity \(click.velocity)) at \(start): onset \(String(describing: onset))")
        }
        #expect(exact == count)
        print("\(count) clicks on keys \(accent)/\(normal) at 53.3 a second: \(exact) onsets exact, peak \(peak), residual \(residual)")
    }

    /// Key 35 (Acoustic Bass Drum) and 60 lie within 33...77 but have no click:
    /// the source refuses each with its reason, the host reports it, and the
    /// silence is not taken for a broken source. Keys outside the range are
    /// refused by the host before they are scheduled.
    @Test func keysWithoutAClickAreRefusedWithAReason() throws {
        let rendering = try ClickFixture.render([(35, 1000, 1), (60, 5000, 1), (76, 9000, 1)], frames: 12_000)
        let reason = UInt32(PEACH_REFUSED_OUT_OF_RANGE)
        for (index, key) in [35, 60].enumerated() {
            let id = rendering.noteIDs[index]
            #expect(rendering.notices.contains(.noteRefused(noteID: id, reason: reason, frequency: Pitch.frequency(of: MIDINote(number: key)!))),
                    "\(rendering.notices)")
            #expect(rendering.refusals[id] == "MIDI key \(key) has no click; Clicks plays keys 33, 34 (beep), 42, 46 (tick), 76, 77 (woodblock)")
        }
        #expect(!rendering.notices.contains { $0.silencedSource }, "\(rendering.notices)")
        #expect(rendering.samples[..<9000].allSatisfy { $0 == 0 }, "nothing played for the refused keys")
        #expect(abs(rendering.samples[9000]) > Self.threshold, "the source plays on")

        let source = try ClickFixture.instance()
        let range = try #require(source.noteRange())
        #expect(abs(range.lowerBound - 440 * pow(2, (32.5 - 69) / 12)) < 1e-9 && abs(range.upperBound - 440 * pow(2, (77.5 - 69) / 12)) < 1e-9)
        let engine = try AudioEngine(output: MemoryOutput(capacityFrames: 256), source: source)
        for key in [32, 78] {
            let frequency = Pitch.frequency(of: MIDINote(number: key)!)
            #expect(throws: EngineError.noteOutOfRange(frequency: frequency, lowest: range.lowerBound, highest: range.upperBound, source: ClickFixture.sourceID)) {
                try engine.schedule(.noteOn(engine.makeNoteID(), frequency: frequency, at: 0))
            }
        }
        try engine.stop()
    }

    /// ALL_NOTES_OFF fades a sounding click out within 3 ms, never louder than
    /// it was and with no step larger than the click's own; then the source
    /// reports silence. A deactivated instance keeps nothing sounding.
    @Test func allNotesOffAndDeactivateSilenceCleanly() throws {
        let start: Int64 = 1000, cut: Int64 = 1480  // 10 ms into the low woodblock's 55
        let fadeFrames = 144
        func render(cutting: Bool) throws -> (samples: [Float], silent: Bool) {
            let output = MemoryOutput(capacityFrames: 6000)
            let engine = try AudioEngine(output: output, source: try ClickFixture.instance())
            try engine.schedule(.noteOn(engine.makeNoteID(), frequency: Pitch.frequency(of: MIDINote(number: 77)!), velocity: 1, at: start))
            if cutting { try engine.schedule(.allNotesOff(at: cut)) }
            _ = engine.renderBlocks(8)  // to 2048: past the fade, well before the click's own end
            let silent = engine.isSilent
            _ = engine.renderBlocks(15)
            try engine.stop()
            return (output.samples(channel: 0), silent)
        }
        let whole = try render(cutting: false), faded = try render(cutting: true)
        #expect(!whole.silent && faded.silent, "the source says when it has fallen silent")
        #expect(faded.samples[..<Int(cut)] == whole.samples[..<Int(cut)])
        #expect(faded.samples[(Int(cut) + fadeFrames)...].allSatisfy { $0 == 0 })
        for frame in Int(cut)..<(Int(cut) + fadeFrames) {
            #expect(abs(faded.samples[frame]) <= abs(whole.samples[frame]) + 1e-7, "frame \(frame) louder than the click itself")
        }
        func largestStep(_ samples: ArraySlice<Float>) -> Float { zip(samples.dropFirst(), samples).map { abs($0 - $1) }.max()! }
        let clickRange = (Int(start) + 1)..<(Int(start) + Self.length(of: 77))
        #expect(largestStep(faded.samples[Int(cut)...]) <= largestStep(whole.samples[clickRange]))

        // Stopped in the middle of a click, then played again: the old click is gone.
        let source = try ClickFixture.instance()
        let first = try AudioEngine(output: MemoryOutput(capacityFrames: 1024), source: source)
        try first.schedule(.noteOn(first.makeNoteID(), frequency: Pitch.frequency(of: MIDINote(number: 46)!), velocity: 1, at: 100))
        _ = first.renderBlocks(2)
        try first.stop()
        let output = MemoryOutput(capacityFrames: 4096)
        let second = try AudioEngine(output: output, source: source)
        _ = second.renderBlocks(16)
        try second.stop()
        #expect(output.samples(channel: 0).allSatisfy { $0 == 0 })
    }

    /// The gain scales every click; velocity scales it linearly.
    @Test func gainAndVelocityScaleTheLevel() throws {
        let clicks: [(key: Int, frame: Int64, velocity: Double)] = [(76, 0, 1), (76, 9600, 0.5)]
        let loud = try ClickFixture.render(clicks, frames: 19_200).samples
        let soft = try ClickFixture.render(clicks, frames: 19_200, with: try ClickFixture.instance(options: ["gain": "0.4"])).samples
        let peaks = [loud[..<9600], loud[9600...], soft[..<9600]].map { $0.map(abs).max()! }
        #expect(abs(peaks[1] / peaks[0] - 0.5) < 1e-6 && abs(peaks[2] / peaks[0] - 0.5) < 1e-6, "\(peaks)")
    }
}
