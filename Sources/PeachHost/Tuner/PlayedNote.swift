/// A note found in a monophonic take: when it began, how long it sounded,
/// and its steady pitch. Naming it (note, cents) is the caller's, against
/// its own reference pitch.
public struct PlayedNote: Equatable, Sendable {
    /// Seconds from the take's start to the note's attack (or where its pitch set in).
    public var onset: Double
    public var duration: Double
    /// The median of the note's readings after its first quarter (the attack's glide left out), in Hz.
    public var frequency: Double

    public init(onset: Double, duration: Double, frequency: Double) {
        (self.onset, self.duration, self.frequency) = (onset, duration, frequency)
    }
}
