import PeachMusic

/// The grid of a scale: its notes lowest first, laid out in rows that
/// snake, left to right along the first row, right to left back along the
/// next, so a run down the grid plays the scale in order and each row
/// begins beside the note the row above ended on. With seven columns, E
/// natural minor's first rows read `E F# G A B C D` and `D C B A G F# E`.
/// A shuffled order puts the same notes on other squares.
public struct GridLayout: Equatable, Sendable {
    public let root: PitchClass
    public let scale: Scale
    public let octaves: Int
    public let columns: Int
    /// In the scale's order: `keys[i].index == i`.
    public let keys: [GridKey]

    /// Enough to explore a scale, few enough to keep keys large.
    public static let octaveRange = 3...4

    /// `lowestOctave` is the root's octave at the first key (by default 3
    /// for three octaves, 2 for four: the range sits around middle C).
    /// `order`, when given, is a permutation of the keys' indices: the note
    /// of index `order[i]` goes to square `i`.
    public init(root: PitchClass, scale: Scale, octaves: Int, columns: Int, lowestOctave: Int? = nil, order: [Int]? = nil) {
        precondition(columns > 0 && octaves > 0)
        self.root = root
        self.scale = scale
        self.octaves = octaves
        self.columns = columns
        let names = ScaleSpelling.names(of: scale, from: root)
        let base = ((lowestOctave ?? Self.defaultLowestOctave(octaves: octaves)) + 1) * 12 + root.semitone
        var notes: [(MIDINote, PitchClass)] = []
        for octave in 0..<octaves {
            for (step, name) in zip(scale.steps, names) {
                if let note = MIDINote(number: base + octave * 12 + step) { notes.append((note, name)) }
            }
        }
        // The top root closes the range, as a scale played up and down ends where it began.
        if scale.steps.first == 0, let top = MIDINote(number: base + octaves * 12) { notes.append((top, root)) }
        let placed = order.map { order in order.map { notes[$0] } } ?? notes
        keys = placed.enumerated().map { index, entry in
            let row = index / columns
            let column = row.isMultiple(of: 2) ? index % columns : columns - 1 - index % columns
            return GridKey(row: row, column: column, index: index, note: entry.0, spelled: entry.1, isRoot: entry.1 == root)
        }
    }

    static func defaultLowestOctave(octaves: Int) -> Int { octaves >= 4 ? 2 : 3 }

    public var rows: Int { (keys.count + columns - 1) / columns }

    /// How many keys a scale has over `octaves`: its notes in each, and the top root.
    public static func keyCount(of scale: Scale, octaves: Int) -> Int {
        scale.steps.count * octaves + (scale.steps.first == 0 ? 1 : 0)
    }

    public func key(row: Int, column: Int) -> GridKey? {
        guard (0..<columns).contains(column), row >= 0 else { return nil }
        let index = row * columns + (row.isMultiple(of: 2) ? column : columns - 1 - column)
        return keys.indices.contains(index) ? keys[index] : nil
    }
}
