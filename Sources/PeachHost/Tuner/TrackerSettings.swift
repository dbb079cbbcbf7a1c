/// How a `PitchTracker` listens.
public struct TrackerSettings: Equatable, Sendable {
    public var sampleRate: Double
    /// The range pitches are looked for in, in Hz: an instrument's range
    /// narrows it, which guards against octave errors.
    public var lowest: Double
    public var highest: Double
    /// Frames between readings.
    public var hopFrames: Int

    /// Readings every 10 ms, from 30 Hz (below a 5-string bass's B0) to 4.2 kHz (above a piccolo's C8).
    public init(sampleRate: Double, lowest: Double = 30, highest: Double = 4200, hopFrames: Int? = nil) {
        self.sampleRate = sampleRate
        self.lowest = lowest
        self.highest = highest
        self.hopFrames = hopFrames ?? Int((sampleRate / 100).rounded())
    }
}
