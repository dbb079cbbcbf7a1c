import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachPluginAPI
import PeachTestSupport
import Testing

/// The SoundFont drums source (org.peach.fluid-drums), measured in its sound
/// rendered through the real engine: TimGM6mb's kit plays the metronome's
/// keys from the frame scheduled, in blocks of any size; accents differ from
/// normal clicks; keys without a sound are refused with a reason, and a font
/// without a kit is refused by name.
@Suite struct FluidDrumsTests {
    /// The metronome's keys: woodblocks, metronome bell and click, hi-hats.
    static let metronomeKeys = [76, 77, 34, 33, 46, 42]
    static let blockSizes = [64, 100, 256, 1024]

    /// Each key, scheduled at the last frame of a block and in the middle of
    /// one, in blocks of 64 to 1024 frames: exact silence up to its frame,
    /// then the very hit rendered at frame 0, sample for sample, and only
    /// unshifted. The hit sounds from its first frame or the next
    /// (FluidSynth opens a note's envelope from zero), and passes 1% of its
    /// peak within FluidSynth's first 64-frame block.
    @Test(arguments: metronomeKeys)
    func everyMetronomeKeySoundsFromItsFrameInBlocksOfAnySize(key: Int) throws {
        let length = 4800
        let reference = try FluidDrumsFixture.render([(key, 0, 1)], frames: length + 2).samples
        let peak = reference[..<length].map(abs).max()!
        let first = try #require(reference.firstIndex { $0 != 0 })
        #expect(first <= 1, "key \(key): silent until frame \(first)")
        let onset = try #require(reference.firstIndex { abs($0) > peak / 100 })
        #expect(onset < 64, "key \(key): 1% of the peak \(peak) at frame \(onset)")
        for blockFrames in Self.blockSizes {
            for start in [3 * blockFrames - 1, 5 * blockFrames + blockFrames / 2 + 1] {
                let samples = try FluidDrumsFixture.render([(key, Int64(start), 1)], frames: start + length + 2, blockFrames: blockFrames).samples
                #expect(samples[..<start].allSatisfy { $0 == 0 }, "key \(key), blocks of \(blockFrames): silence before frame \(start)")
                let distances = (-1...1).map { shift in (0..<length).map { abs(samples[start + shift + $0] - reference[$0]) }.max()! }
                #expect(distances[1] < peak * 1e-6, "key \(key), blocks of \(blockFrames), at \(start): differs from the hit at 0 by \(distances[1])")
                #expect(distances[0] > peak * 1e-3 && distances[2] > peak * 1e-3, "key \(key): and only unshifted, \(distances)")
            }
        }
        print("key \(key): peak \(peak), first sound at frame \(first), 1% of the peak at frame \(onset)")
    }

    /// The accent and the normal form of each metronome sound, at full
    /// velocity: the high woodblock higher than the low one, the bell
    /// ringing on long after the click, the open hi-hat long after the closed one.
    @Test func accentsDifferFromNormalClicks() throws {
        var spectra: [Int: PowerSpectrum] = [:], lengths: [Int: Int] = [:]
        for key in Self.metronomeKeys {
            let rendering = try FluidDrumsFixture.render([(key, 0, 1)], frames: 48_000)
            #expect(rendering.notices.isEmpty, "\(rendering.notices)")
            let hit = rendering.samples[..<48_000]
            let peak = hit.map(abs).max()!
            let end = hit.lastIndex { abs($0) > peak / 1000 }! + 1  // to 60 dB down, or the whole second
            spectra[key] = PowerSpectrum(hit[..<end], sampleRate: 48000)
            lengths[key] = end
        }
        print("drums: strongest Hz \(Self.metronomeKeys.map { "\($0): \(Int(spectra[$0]!.strongestHz))" }), "
              + "centroid Hz \(Self.metronomeKeys.map { "\($0): \(Int(spectra[$0]!.centroidHz))" }), frames \(Self.metronomeKeys.map { "\($0): \(lengths[$0]!)" })")
        #expect(spectra[76]!.strongestHz > spectra[77]!.strongestHz * 1.2, "woodblocks at \(spectra[76]!.strongestHz) and \(spectra[77]!.strongestHz) Hz")
        #expect(lengths[34]! > 4 * lengths[33]!, "bell \(lengths[34]!) and click \(lengths[33]!) frames")
        #expect(lengths[46]! > 4 * lengths[42]!, "open \(lengths[46]!) and closed hi-hat \(lengths[42]!) frames")
    }

    /// Velocity is the kit's MIDI velocity: a softer note is quieter (by the
    /// font's curve, not linearly). Gain scales the level linearly.
    @Test func velocityAndGainSetTheLevel() throws {
        let hits: [(key: Int, frame: Int64, velocity: Double)] = [(76, 0, 1), (76, 9600, 0.5)]
        let loud = try FluidDrumsFixture.render(hits, frames: 19_200).samples
        let soft = try FluidDrumsFixture.render(hits, frames: 19_200, with: try FluidDrumsFixture.instance(options: ["gain": "0.5"])).samples
        let peaks = [loud[..<9600], loud[9600...], soft[..<9600]].map { $0.map(abs).max()! }
        print("woodblock peaks: velocity 1 \(peaks[0]), velocity 0.5 \(peaks[1]), gain 0.5 \(peaks[2])")
        #expect(peaks[0] > 0.2 && peaks[0] < 0.9, "a full hit is loud, below full scale: \(peaks[0])")
        #expect(peaks[1] < peaks[0] * 0.6, "half velocity is quieter: \(peaks[1]) against \(peaks[0])")
        #expect(abs(peaks[2] / peaks[0] - 0.5) < 1e-5, "gain 0.5 halves it: \(peaks[2]) against \(peaks[0])")
    }

    /// The font's bank-128 presets are the kit option's choices, a live
    /// timbre; the first (Standard) is the default, and another kit sounds otherwise.
    @Test func offersTheFontsKitsAsALiveTimbre() throws {
        let source = try FluidDrumsFixture.instance()
        #expect(source.descriptor.name == "SoundFont drums" && !source.descriptor.pitched && source.descriptor.realtimeSafe)
        #expect(source.options.map(\.key) == ["font", "kit", "gain"])
        let kit = try source.option("kit")
        #expect(kit.type == .choice && kit.timbre && kit.live && kit.defaultValue == "0")
        #expect(kit.choices.map(\.value) == ["0", "8", "16", "24", "25", "32", "40", "48"])
        #expect(kit.choices.map(\.label) == ["Standard", "Room", "Power", "Electronic", "TR 808", "Jazz", "Brush", "Orchestra"])
        #expect(try source.value(of: "kit") == "0")

        // The bass drum of the Standard kit and of the TR 808, then the kit changed while the first still rings.
        let standard = try FluidDrumsFixture.render([(36, 0, 1)], frames: 36_000).samples
        let eightOhEight = try FluidDrumsFixture.render([(36, 0, 1)], frames: 24_000, with: try FluidDrumsFixture.instance(options: ["kit": "25"])).samples
        let output = MemoryOutput(capacityFrames: 48_000)
        let live = try FluidDrumsFixture.instance()
        let playing = try AudioEngine(output: output, source: live)
        try playing.schedule(.noteOn(playing.makeNoteID(), frequency: Pitch.frequency(of: MIDINote(number: 36)!), velocity: 1, at: 0))
        _ = playing.render(through: 12_000)
        try live.set("kit", to: "25")
        try playing.schedule(.noteOn(playing.makeNoteID(), frequency: Pitch.frequency(of: MIDINote(number: 36)!), velocity: 1, at: 24_000))
        _ = playing.render(through: 48_000)
        try playing.stop()
        let changed = output.samples(channel: 0)
        let peak = standard.map(abs).max()!
        #expect((0..<12_000).map { abs(standard[$0] - eightOhEight[$0]) }.max()! > peak / 10, "the two kits' bass drums differ")
        let residual = (0..<12_000).map { abs(changed[24_000 + $0] - standard[24_000 + $0] - eightOhEight[$0]) }.max()!
        #expect(residual < peak * 1e-6, "after the change the TR 808 plays, over the Standard's ringing: \(residual)")
    }

    /// The kit option lists the kits of the font set now: after another font
    /// is set, the host reads the choices again, and a kit only that font has
    /// can be chosen (it was refused against the default font's list).
    @Test func theKitChoicesFollowTheFont() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let font = directory.file("Two.sf2")
        try SoundFontWriter.write([.init(bank: 128, program: 3, name: "Clave", keys: [75, 76, 77]),
                                   .init(bank: 128, program: 99, name: "Blocks", keys: [76, 77])], to: font)
        let source = try FluidDrumsFixture.instance()
        #expect(try source.option("kit").choices.map(\.value) == ["0", "8", "16", "24", "25", "32", "40", "48"])
        try source.set("font", to: font)
        #expect(try source.option("kit").choices.map(\.label) == ["Clave", "Blocks"])
        try source.set("kit", to: "99")
        #expect(try source.value(of: "kit") == "99")
        let hit = try FluidDrumsFixture.render([(76, 0, 1)], frames: 4_800, with: source).samples
        #expect(hit.contains { abs($0) > 0.01 }, "the chosen kit plays")
    }

    /// A kit with keys missing inside its range (33, 34, 76, 77, and nothing
    /// between): a note on a missing key is refused with its reason, the host
    /// reports it and plays on, and nothing sounds for it. The range is the
    /// kit's lowest to highest key, and the host refuses notes beyond it before they are scheduled.
    @Test func aKeyWithoutASoundIsRefusedWithItsReason() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let font = directory.file("Sparse.sf2")
        try SoundFontWriter.write([.init(bank: 128, program: 0, name: "Sparse", keys: [33, 34, 76, 77])], to: font)
        let source = try FluidDrumsFixture.instance(options: ["font": font])
        let rendering = try FluidDrumsFixture.render([(50, 1000, 1), (60, 5000, 1), (76, 9000, 1)], frames: 14_000, with: source)
        for (index, key) in [50, 60].enumerated() {
            let id = rendering.noteIDs[index]
            #expect(rendering.notices.contains(.noteRefused(noteID: id, reason: UInt32(PEACH_REFUSED_OUT_OF_RANGE),
                                                            frequency: Pitch.frequency(of: MIDINote(number: key)!))), "\(rendering.notices)")
            #expect(rendering.refusals[id] == "MIDI key \(key) has no sound in the drum kit Sparse")
        }
        #expect(!rendering.notices.contains { $0.silencedSource }, "\(rendering.notices)")
        #expect(rendering.samples[..<9000].allSatisfy { $0 == 0 }, "nothing played for the refused keys")
        #expect(rendering.samples[9000..<9064].contains { abs($0) > 0.01 }, "the source plays on")

        let range = try #require(source.noteRange())
        func frequency(_ key: Double) -> Double { 440 * pow(2, (key - 69) / 12) }
        #expect(abs(range.lowerBound - frequency(32.5)) < 1e-9 && abs(range.upperBound - frequency(77.5)) < 1e-9, "\(range)")
        let engine = try AudioEngine(output: MemoryOutput(capacityFrames: 256), source: source)
        let beyond = Pitch.frequency(of: MIDINote(number: 80)!)
        #expect(throws: EngineError.noteOutOfRange(frequency: beyond, lowest: range.lowerBound, highest: range.upperBound, source: FluidDrumsFixture.sourceID)) {
            try engine.schedule(.noteOn(engine.makeNoteID(), frequency: beyond, at: 0))
        }
        try engine.stop()
        // TimGM6mb's Standard kit plays keys 27 to 87.
        let standard = try #require(try FluidDrumsFixture.instance().noteRange())
        #expect(abs(standard.lowerBound - frequency(26.5)) < 1e-9 && abs(standard.upperBound - frequency(87.5)) < 1e-9, "\(standard)")
    }

    /// A font whose presets are all instruments cannot play drums: the
    /// source says so, naming the font, when activated and when asked its range.
    @Test func aFontWithoutADrumKitIsRefusedByName() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let font = directory.file("Melodic.sf2")
        try SoundFontWriter.write([.init(bank: 0, program: 0, name: "Tone", keys: Array(21...108))], to: font)
        let source = try FluidDrumsFixture.instance(options: ["font": font])
        let says = "the SoundFont \(font) has no drum kit (bank 128)"
        #expect(throws: SourceError.failed(source: FluidDrumsFixture.sourceID, action: "activate", reason: .said(says))) {
            try source.activate(sampleRate: 48000, maxFrames: 256, channels: 2)
        }
        #expect(source.noteRange() == nil)
        #expect(source.lastError == .said(says))
        // The melodic source plays the same font.
        let tone = try FluidFixture.render([440], options: ["font": font, "tuning": "font"])
        #expect(tone.map(abs).max()! > 0.01)
    }

    /// An open hi-hat rings for seconds, but a closed one stops it, as in
    /// the kit itself (the font puts the two in one exclusive class): after a
    /// 5 ms fade only the closed hi-hat sounds.
    @Test func aClosedHiHatStopsAnOpenOne() throws {
        let closedAt = 9600
        let both = try FluidDrumsFixture.render([(46, 0, 1), (42, Int64(closedAt), 1)], frames: 24_000).samples
        let open = try FluidDrumsFixture.render([(46, 0, 1)], frames: 24_000).samples
        let closed = try FluidDrumsFixture.render([(42, 0, 1)], frames: 14_400).samples
        let peak = open.map(abs).max()!
        #expect(open[(closedAt + 240)..<(closedAt + 4800)].map(abs).max()! > peak / 10, "the open hi-hat alone rings on")
        let difference = (240..<4800).map { abs(both[closedAt + $0] - closed[$0]) }.max()!
        #expect(difference < peak * 1e-6, "5 ms after the closed hi-hat, only it sounds: \(difference)")
        #expect(both[..<closedAt] == open[..<closedAt])
    }

    /// Forty-eight hits 12.5 ms apart, the long ones ringing on: more than
    /// the source's 16 voices sound at once, and the oldest are taken and
    /// faded. Blocks of 64 or 100 frames (shorter than that fade) sound as blocks of 1024 do.
    @Test func manyHitsSoundTheSameInSmallAndLargeBlocks() throws {
        let hits = (0..<48).map { (key: [34, 76, 46, 77, 34, 33][$0 % 6], frame: Int64(1000 + 600 * $0), velocity: 1.0) }
        let reference = try FluidDrumsFixture.render(hits, frames: 48_000, blockFrames: 1024)
        #expect(reference.notices.isEmpty, "\(reference.notices)")
        for blockFrames in [64, 100, 256] {
            let samples = try FluidDrumsFixture.render(hits, frames: 48_000, blockFrames: blockFrames).samples
            let difference = zip(samples[..<48_000], reference.samples[..<48_000]).map { abs($0 - $1) }.max()!
            #expect(difference < 1e-6, "blocks of \(blockFrames) differ from blocks of 1024 by \(difference)")
        }
    }
}
