import Glibc
import PeachSupport

/// Makes an output that has no clock of its own (a file, nothing) take as
/// long as the audio it receives lasts, so that timing behaves as it would on
/// a sound card. Used by the null and WAV outputs when asked to be paced.
struct RealTimePacer {
    private let sampleRate: Double
    private var startNanoseconds: UInt64?
    private var framesWritten: Int64 = 0
    /// How far ahead of real time the writer may run, like a device buffer.
    private let leadFrames: Int64

    init(sampleRate: Double, leadFrames: Int) {
        self.sampleRate = sampleRate
        self.leadFrames = Int64(leadFrames)
    }

    /// Sleeps until the block after `frames` more frames is due. [audio-thread]
    mutating func wait(afterWriting frames: Int) {
        let start = startNanoseconds ?? Monotonic.nanoseconds()
        startNanoseconds = start
        framesWritten += Int64(frames)
        let due = start + UInt64(Double(max(0, framesWritten - leadFrames)) / sampleRate * 1e9)
        var deadline = timespec(tv_sec: Int(due / 1_000_000_000), tv_nsec: Int(due % 1_000_000_000))
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, nil) == EINTR {}
    }

    /// Frames written but not yet "heard".
    func pendingFrames() -> Int {
        guard let start = startNanoseconds else { return 0 }
        let heard = Int64(Double(Monotonic.nanoseconds() - start) / 1e9 * sampleRate)
        return Int(max(0, framesWritten - heard))
    }
}
