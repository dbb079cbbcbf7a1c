import Foundation
import Glibc
import PeachAudio
import Testing

/// An output with no clock of its own, paced to take as long as its audio
/// lasts: after the writer was stopped (Ctrl-Z, a machine asleep) its clock
/// starts again, as a device restarts after an underrun, rather than letting
/// the time missed be rendered in an instant (a training pair's first note
/// came and went before the screen showed it, and the answer counted).
@Suite struct RealTimePacingTests {
    static func seconds(_ body: () -> Void) -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        body()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    @Test func afterAStallTheAudioTakesItsTimeAgain() {
        let format = AudioFormat(sampleRate: 48_000, channels: 1, blockFrames: 480)
        let output = NullOutput(format: format, paced: true)
        let block = [Float](repeating: 0, count: 480)
        func write(_ blocks: Int) { block.withUnsafeBufferPointer { for _ in 0..<blocks { _ = output.write($0.baseAddress!, frames: 480) } } }
        write(10)
        usleep(600_000)  // stopped for longer than the audio written so far
        // A fifth of a second of audio takes about that long again (without the restart: no time at all, the 0.6 s owed).
        let taken = Self.seconds { write(20) }
        #expect(taken >= 0.15, "\(taken) s for 0.2 s of audio after a stall")
    }
}
