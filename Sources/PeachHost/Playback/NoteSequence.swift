import PeachAudio
import PeachMusic
/// Notes played one after another with no gap, all detuned alike: what
/// `peach play` schedules.
public struct NoteSequence: Equatable, Sendable {
    public var notes: [MIDINote]
    public var cents: Double
    public var durationSeconds: Double
    public var reference: Double
    public var velocity: Double

    public static let durationRange: ClosedRange<Double> = 0.01...60
    public static let centsRange: ClosedRange<Double> = -1200...1200

    public init(notes: [MIDINote], cents: Double = 0, durationSeconds: Double = 1, reference: Double = Pitch.standardReference, velocity: Double = 0.8) {
        self.notes = notes
        self.cents = cents
        self.durationSeconds = durationSeconds
        self.reference = reference
        self.velocity = velocity
    }

    /// Each note's frequency, in order.
    public var frequencies: [Double] {
        notes.map { Pitch.frequency(of: $0, cents: cents, reference: reference) }
    }

    /// Schedules every note on `engine` from `frame` on; returns the frame where the last one ends.
    @discardableResult
    public func schedule(on engine: AudioEngine, from frame: Int64 = 0) throws(EngineError) -> Int64 {
        let noteFrames = engine.format.frames(seconds: durationSeconds)
        var start = frame
        // All checked before any is scheduled: a sequence the source cannot play is refused whole, not played as silence.
        for frequency in frequencies { try engine.checkPlayable(frequency) }
        for frequency in frequencies {
            try engine.playNote(frequency: frequency, velocity: velocity, at: start, durationFrames: noteFrames)
            start += noteFrames
        }
        return start
    }
}
