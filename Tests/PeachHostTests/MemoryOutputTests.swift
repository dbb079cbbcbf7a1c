import Glibc
import PeachAudio
import PeachHost
import PeachTestSupport
import Testing

@Suite struct MemoryOutputTests {
    @Test func keepsWhatIsWrittenAndFailsRatherThanGrow() {
        let output = MemoryOutput(format: AudioFormat(sampleRate: 48000, channels: 2, blockFrames: 2), capacityFrames: 3)
        let block: [Float] = [1, -1, 2, -2]
        #expect(output.write(block, frames: 2) == .written)
        #expect(output.write(block, frames: 2) == .failed(errno: ENOSPC), "the fourth frame does not fit")
        #expect(output.samples(channel: 0) == [1, 2] && output.samples(channel: 1) == [-1, -2])
    }
}
