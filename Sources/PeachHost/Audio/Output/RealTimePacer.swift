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

    /// Later than this behind its clock, the writer was stopped (Ctrl-Z, a
    /// machine asleep): the clock starts again from now, as a device restarts
    /// after an underrun, instead of rendering the time missed at once, which
    /// would sound (and show) a whole note in an instant.
    static let stallNanoseconds: UInt64 = 250_000_000

    /// Sleeps until the block after `frames` more frames is due. [audio-thread]
    mutating func wait(afterWriting frames: Int) {
        var start = startNanoseconds ?? Monotonic.nanoseconds()
        framesWritten += Int64(frames)
        let ahead = UInt64(Double(max(0, framesWritten - leadFrames)) / sampleRate * 1e9)
        let now = Monotonic.nanoseconds()
        if now > start + ahead + Self.stallNanoseconds { start = now - min(now, ahead) }
        startNanoseconds = start
        let due = start + ahead
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
