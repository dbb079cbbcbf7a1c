/// What the tracker heard in one analysis step.
public struct PitchReading: Equatable, Sendable {
    /// Seconds from the stream's first sample to the last sample the step
    /// analysed: the earliest moment the reading could be known.
    public var time: Double
    /// The fundamental in Hz, or nil when no pitch was heard (silence, noise,
    /// a note's attack still too short to read).
    public var frequency: Double?
    /// How periodic the sound is, 0 to 1: the tracker's confidence.
    public var clarity: Double
    /// The window's RMS level in dB below full scale (0 dBFS = a full-scale square).
    public var level: Double
    /// Where the note this reading belongs to began, in seconds from the
    /// stream's start (its attack, or where its pitch set in): readings with
    /// the same start are one note. Nil when no pitch was heard.
    public var noteStart: Double?

    public init(time: Double, frequency: Double?, clarity: Double, level: Double, noteStart: Double? = nil) {
        (self.time, self.frequency, self.clarity, self.level, self.noteStart) = (time, frequency, clarity, level, noteStart)
    }
}
