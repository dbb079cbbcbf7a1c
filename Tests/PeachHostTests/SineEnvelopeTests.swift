import Foundation
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

/// Notes start on their exact sample and start and end without clicks.
@Suite struct SineEnvelopeTests {
    static let frequency = 1760.0  // high, so a one-sample shift moves the phase by 0.23 rad
    static let attackFrames = 240  // 5 ms at 48 kHz, the default

    /// Starts at odd frames that fall at different offsets inside 256-frame blocks.
    static let starts: [Int64] = [0, 3001, 8195, 12_345, 30_000]

    @Test func notesStartOnTheExactFrameScheduled() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("onsets.wav")
        try SineFixture.render(Self.starts.map { (Self.frequency, $0, 2400) }, through: AlsaOutput(device: "file:FILE=\(path),FORMAT=wav"))
        let samples = try WavFile.read(path: path).samples[0]
        for start in Self.starts.map(Int.init) {
            // Silence right up to the start, then sound.
            let firstSound = samples[start...].firstIndex { $0 != 0 }!
            #expect(firstSound == start + 1, "note scheduled at \(start) first sounds at \(firstSound)")
            // The steady part's phase says where the oscillator started: sin(ω(n - start)).
            let steady = samples[(start + Self.attackFrames + 10)..<(start + 2000)]
            let fit = FrequencyMeter.phase(of: steady, frequency: Self.frequency, sampleRate: 48000, firstFrame: steady.startIndex)
            let omega = 2 * Double.pi * Self.frequency / 48000
            let impliedStart = -fit.phase / omega
            let period = 48000 / Self.frequency
            var offset = (impliedStart - Double(start)).truncatingRemainder(dividingBy: period)
            if offset > period / 2 { offset -= period }
            if offset < -period / 2 { offset += period }
            #expect(abs(offset) < 0.05, "note scheduled at \(start): phase puts its start \(offset) frames away")
        }
    }

    @Test func backToBackNotesAndEarlyReleasesHaveNoClicks() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("clicks.wav")
        let notes: [(frequency: Double, start: Int64, frames: Int64)] = [
            (440, 0, 12000), (466.16, 12000, 12000), (220, 24000, 12000),  // no gap, as `peach play` does
            (880, 40000, 100),  // released in the middle of its attack
            (1000, 45000, 4800),
        ]
        try SineFixture.render(notes, through: WavFileOutput(path: path))
        let samples = try WavFile.read(path: path).samples[0]
        let gain = 0.5
        for note in notes {
            let start = Int(note.start)
            if note.start == 0 || note.start >= 40000 {  // nothing else sounds here
                #expect(samples[start] == 0, "the first sample of a note starting in silence is silent")
            }
            // Largest step a sine can take, plus what the raised-cosine ramp adds.
            let omega = 2 * Double.pi * 1000 / 48000
            let allowed = gain * (omega + Double.pi / Double(Self.attackFrames)) * 1.05
            let end = min(samples.count - 1, start + Int(note.frames) + Self.attackFrames + 2)
            var largest = 0.0
            for index in max(1, start)..<end { largest = max(largest, abs(samples[index] - samples[index - 1])) }
            #expect(largest <= allowed, "note at \(start): step \(largest) exceeds \(allowed)")
        }
        // Every note fades fully: the file ends in silence, and the early-released note is silent 5 ms after release.
        #expect(abs(samples.last!) < 1e-4)
        #expect(samples[(40100 + Self.attackFrames + 1)..<45000].allSatisfy { $0 == 0 })
    }
}
