import PeachMusic

/// One square of the grid: where it is, the note it plays and how that note
/// is written in the scale.
public struct GridKey: Equatable, Sendable {
    /// Rows from the top, columns from the left, from 0.
    public let row: Int
    public let column: Int
    /// Its place along the snake, from 0 at the first key of the first row: the
    /// scale's order, unless the layout is shuffled.
    public let index: Int
    public let note: MIDINote
    public let spelled: PitchClass
    public let isRoot: Bool

    /// The spelled name with its octave (`F#4`, `Bb3`); B#3 and Cb4 keep the octave of their letter.
    public var name: String { spelled.description + String((note.number - spelled.accidental) / 12 - 1) }
}
