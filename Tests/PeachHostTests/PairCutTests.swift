import Foundation
import PeachAudio
import PeachHost
import PeachMusic
import PeachTestSupport
import PeachTraining
import Testing

/// An answer during the second note ends it at once with the source's short
/// release, and the next pair follows: measured in the rendered audio.
@Suite struct PairCutTests {
    @Test func cuttingTheSecondNoteFadesItOutAndTheNextPairFollows() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("cut.wav")
        let output = try WavFileOutput(path: path, paced: true)  // real time, as the training screen plays
        let engine = try AudioEngine(output: output, source: try SineFixture.instance())
        engine.start()
        let player = PairPlayer(engine: engine, noteSeconds: 0.5)
        let rate = engine.format.sampleRate
        let first = TrainingPair(note: MIDINote(number: 69)!, cents: 50, kind: .nearby)
        let secondStart = try player.play(first, reference: 440)
        _ = engine.wait(untilRendered: secondStart + Int64(0.1 * rate))  // 100 ms into the second note
        player.cut()
        let cutDone = engine.renderedFrames
        let next = TrainingPair(note: MIDINote(number: 57)!, cents: -30, kind: .nearby)
        let nextSecond = try player.play(next, reference: 440)
        let nextStart = nextSecond - player.noteFrames
        _ = engine.wait(untilRendered: nextSecond + player.noteFrames + Int64(0.1 * rate))
        try engine.stop()

        let samples = try WavFile.read(path: path).samples[0]
        let block = engine.format.blockFrames, release = Int(0.005 * rate)
        // Sound right up to the cut, then silence within one block plus the release.
        let silentFrom = Int(cutDone) + block + release + 1
        #expect(samples[(Int(cutDone) - 100)..<Int(cutDone)].contains { $0 != 0 }, "the second note sounded until the answer")
        #expect(silentFrom < Int(secondStart) + Int(player.noteFrames), "it ended well before its natural end")
        #expect(samples[silentFrom..<Int(nextStart)].allSatisfy { $0 == 0 }, "silence after the fade, until the next pair")
        #expect(Double(nextStart - cutDone) / rate < 0.1, "the next pair follows at once")
        // The next pair is whole: its first note sounds from its first frame.
        #expect(samples[Int(nextStart) + 1] != 0 && samples[Int(nextStart) - 1] == 0)
        // No click anywhere: no step larger than the sine's own slope plus the release ramp allows.
        let omega = 2 * Double.pi * Pitch.frequency(of: MIDINote(number: 69)!, cents: 50, reference: 440) / rate
        let allowed = 0.5 * (omega + Double.pi / Double(release)) * 1.05
        var largest = 0.0
        for index in 1..<samples.count { largest = max(largest, abs(samples[index] - samples[index - 1])) }
        #expect(largest <= allowed, "largest step \(largest) exceeds \(allowed)")
    }
}
