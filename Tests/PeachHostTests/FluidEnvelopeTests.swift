import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// FluidSynth notes start on their exact frame, and start and end without
/// clicks: no step between samples larger than the instrument's own steady
/// sound makes, whatever the SoundFont's attack and release.
@Suite struct FluidEnvelopeTests {
    static let attackFrames = 240  // the source's 5 ms raised-cosine start, at 48 kHz

    static func render(_ notes: [(frequency: Double, start: Int64, frames: Int64)], options: [String: String], frames: Int) throws -> [Float] {
        let output = MemoryOutput(capacityFrames: frames)
        try SourceFixture.render(notes, with: try FluidFixture.instance(options: options), through: output)
        return output.samples(channel: 0)
    }

    static func largestStep(_ samples: ArraySlice<Float>) -> Float {
        zip(samples.dropFirst(), samples).map { abs($0 - $1) }.max() ?? 0
    }

    /// The same note at starts that fall at different offsets inside the
    /// engine's 256-frame blocks (and FluidSynth's 64-frame ones) renders the
    /// same samples, shifted by exactly the difference: every note starts
    /// where it was scheduled. Whatever fraction of a cent the resampler
    /// plays: with the font's own tuning the fraction is the one asked for.
    @Test(arguments: [0.3, 0.1, 0.5, 0.77, 0.123_456_789])
    func notesStartOnTheExactFrameScheduled(cents: Double) throws {
        try Self.expectNotesStartOnTheirFrame(cents: cents, options: ["program": "73", "tuning": "font"])
    }

    /// The same with the program's tuning measured by this very instance (a
    /// font no cache has seen, as on a new machine): the measured offset
    /// sets the fraction, with all its digits.
    @Test func notesStartOnTheExactFrameScheduledWhenTheTuningIsMeasuredFirst() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let font = directory.file("Unmeasured.sf2")
        try FileManager.default.copyItem(atPath: FluidFixture.timGM6mb, toPath: font)
        try Self.expectNotesStartOnTheirFrame(cents: 0.3, options: ["program": "73", "font": font])
    }

    static func expectNotesStartOnTheirFrame(cents: Double, options: [String: String]) throws {
        let starts = [3001, 60_000, 120_123, 180_077]  // each after the one before has faded
        let frequency = 440 * pow(2, cents / 1200)  // a fraction of a cent: the resampler is in the path
        let samples = try render(starts.map { (frequency, Int64($0), 24_000) }, options: options, frames: 240_000)
        let first = starts[0]
        for start in starts {
            #expect(samples[(start - 1000)...start].allSatisfy { $0 == 0 }, "silence up to the note at \(start)")
            // How far this note is from the first, shifted by -2...2 frames: identical unshifted.
            let distances = (-2...2).map { shift in
                (0..<24_000).map { abs(samples[start + shift + $0] - samples[first + $0]) }.max()!
            }
            #expect(distances[2] == 0, "\(cents) cents: the note at \(start) differs from the first by \(distances[2])")
            #expect(distances.filter { $0 == 0 }.count == 1, "and only unshifted: \(distances)")
        }
    }

    /// A note whose SoundFont release ends before the source's own fade
    /// (the drawbar organ's quarter of a second, under a fade of 3 s) ends
    /// with FluidSynth's voices, and the same whatever the engine's blocks:
    /// its last frames are heard to the last, and its voice falls idle on
    /// the same frame, so the next note takes the same voice.
    @Test func aNoteEndingByItselfSoundsAlikeInBlocksOfAnySize() throws {
        func render(blockFrames: Int) throws -> [Float] {
            let output = MemoryOutput(format: AudioFormat(sampleRate: 48000, channels: 1, blockFrames: blockFrames), capacityFrames: 96_000)
            let notes: [(frequency: Double, start: Int64, frames: Int64)] = [(440, 1000, 24_000), (660, 40_000, 24_000)]
            try SourceFixture.render(notes, with: try FluidFixture.instance(options: ["program": "16", "release-ms": "3000"]), through: output)
            return output.samples(channel: 0)
        }
        let reference = try render(blockFrames: 1024)
        let end = reference[..<40_000].lastIndex { $0 != 0 }!
        #expect(end < 25_000 + 24_000, "the organ's own release ended the first note, at frame \(end)")
        for blockFrames in [64, 100, 256] {
            let samples = try render(blockFrames: blockFrames)
            // Each rendering runs until the source is silent, to the end of a block: the longer one ends in silence.
            let difference = zip(samples, reference).map { abs($0 - $1) }.max()!
            #expect(difference == 0, "blocks of \(blockFrames) differ from blocks of 1024 by \(difference)")
            #expect(samples.dropFirst(reference.count).allSatisfy { $0 == 0 } && reference.dropFirst(samples.count).allSatisfy { $0 == 0 })
        }
    }

    /// Sustained and percussive programs: a note started in silence and
    /// released after one second, and one released in the middle of its attack.
    @Test(arguments: [(73, "Flute"), (19, "Church Organ"), (80, "Lead 1 (square)"), (0, "Acoustic Grand Piano"), (48, "String Ensemble 1")])
    func notesStartAndEndWithoutClicks(program: Int, name: String) throws {
        let notes: [(frequency: Double, start: Int64, frames: Int64)] = [(440, 4800, 48_000), (523.25, 96_000, 100)]
        let samples = try Self.render(notes, options: ["program": String(program)], frames: 300_000)
        for note in notes {
            let start = Int(note.start), end = start + Int(note.frames)
            // The start: from silence, under a 5 ms raised-cosine ramp scaled to the note's early peak
            // (for the note released at once, that peak is already the release's).
            let early = samples[start..<(start + 4800)].map(abs).max()!
            #expect(samples[(start - 100)...start].allSatisfy { $0 == 0 }, "\(name): silence up to the note at \(start)")
            // A sample's onset may be a little louder than its body (the square lead's by 0.1%): 1% is allowed, a click is far more.
            for frame in 0..<Self.attackFrames where note.frames > Int64(Self.attackFrames) {
                let ramp = early * (0.5 - 0.5 * cos(Float.pi * Float(frame) / Float(Self.attackFrames)))
                #expect(abs(samples[start + frame]) <= ramp * 1.01 + 1e-6, "\(name): frame \(frame) of the note at \(start) is above the ramp")
            }
            // The release only attenuates what sounded before it: no larger step than in the last 50 ms.
            if note.frames > 2400 {
                let before = Self.largestStep(samples[(end - 2400)..<end]), after = Self.largestStep(samples[end..<(end + 24_000)])
                #expect(after <= before * 1.05, "\(name): step \(after) in the release, \(before) just before it")
            }
            // And it fades to nothing, smoothly: the last sound is tiny, then silence until the next note.
            let next = notes.first { $0.start > note.start }.map { Int($0.start) } ?? samples.count
            let last = samples[end..<next].lastIndex { $0 != 0 }!
            #expect(abs(samples[last]) < early * 1e-3, "\(name): the note at \(start) ends at \(samples[last]), its peak is \(early)")
            #expect(last < end + 24_000 + 256, "\(name): the note at \(start) is silent 0.5 s after its release")
        }
    }

    /// A replaced source fades its notes within 0.2 s: the host stops mixing
    /// it after 0.5 s, and a SoundFont's release can be seconds long.
    @Test func aReplacedSourceFadesOutQuicklyAndSmoothly() throws {
        let output = MemoryOutput(capacityFrames: 96_000)
        let engine = try AudioEngine(output: output, source: try FluidFixture.instance(options: ["program": "48", "release-ms": "5000"]))
        try engine.schedule(.noteOn(engine.makeNoteID(), frequency: 440, velocity: 1, at: 0))
        _ = engine.render(through: 48_000)
        try engine.swapSource(to: try SineFixture.instance())
        let notices = engine.render(through: 96_000)
        try engine.stop()
        let swapped = try #require(notices.compactMap { if case .sourceSwapped(let frame) = $0 { Int(frame) } else { nil } }.first)
        let samples = output.samples(channel: 0)
        let steadyStep = Self.largestStep(samples[24_000..<48_000])
        #expect(Self.largestStep(samples[swapped..<96_000]) <= steadyStep * 1.05, "the fade-out has no click")
        #expect(samples[(swapped + 9600)..<96_000].allSatisfy { $0 == 0 }, "silent 0.2 s after the swap")
    }

    /// More notes than voices: the seventeenth takes the oldest voice, whose
    /// sound fades out over 5 ms instead of stopping dead. The oldest is loud
    /// and the rest quiet, so the fade shows: the loud note is still heard a
    /// millisecond or two after it was taken, falls smoothly, and is gone at
    /// 5 ms. In blocks of 64 frames as in blocks of 256: the 5 ms fade is
    /// rendered at once, longer than a small block, and sounds the same.
    @Test(arguments: [256, 64])
    func aStolenVoiceFadesInsteadOfClicking(blockFrames: Int) throws {
        func render(blockFrames: Int) throws -> [Float] {
            let output = MemoryOutput(format: AudioFormat(sampleRate: 48000, channels: 1, blockFrames: blockFrames), capacityFrames: 100_000)
            let engine = try AudioEngine(output: output, source: try FluidFixture.instance(options: ["program": "16"]))
            for index in 0..<17 {  // held: no note ends
                try engine.schedule(.noteOn(engine.makeNoteID(), frequency: 220 * pow(2, Double(index) / 12), velocity: index == 0 ? 1 : 0.02,
                                            at: Int64(2400 * index)))
            }
            _ = engine.render(through: 60_000)
            try engine.stop()
            return output.samples(channel: 0)
        }
        let samples = try render(blockFrames: blockFrames)
        let stolen = 2400 * 16  // where the seventeenth note starts
        let loud = samples[(stolen - 2400)..<stolen].map(abs).max()!
        let quiet = samples[(stolen + 480)..<(stolen + 2400)].map(abs).max()!
        #expect(quiet < loud / 5, "the loud note is gone 10 ms after: \(quiet) against \(loud)")
        #expect(samples[(stolen + 24)..<(stolen + 96)].map(abs).max()! > loud / 2, "and still sounds 0.5 to 2 ms after")
        #expect(Self.largestStep(samples[stolen..<(stolen + 480)]) <= Self.largestStep(samples[(stolen - 2400)..<stolen]) * 1.05)
        if blockFrames != 256 {
            let reference = try render(blockFrames: 256)
            let difference = zip(samples[..<60_000], reference[..<60_000]).map { abs($0 - $1) }.max()!
            #expect(difference < 1e-6, "blocks of \(blockFrames) frames sound as blocks of 256 do: they differ by up to \(difference)")
        }
    }
}
