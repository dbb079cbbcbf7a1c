import PeachMusic
import PeachText
import PeachTraining
/// The profile as a terminal picture: a piano keyboard across the bottom,
/// and above each key its threshold (●) inside its 80% band (░) on a
/// logarithmic cents axis. Weak spots (`ProfileReport.weakKeys`) are ▲, keys without answers yet ○ in a
/// dotted band (·), so nothing depends on colour alone. A pure function of
/// the profile and a width: the interactive view draws the same lines, with
/// a key highlighted.
///
/// Each key gets one to five columns; when the range has more keys than the
/// width has columns, neighbouring keys share a column, which shows the
/// weakest of them (the highest threshold and the widest band), so a weak
/// spot never disappears.
public struct KeyboardChart: Sendable {
    public struct Key: Sendable {
        public var note: Int
        public var threshold: Double
        public var band80: ClosedRange<Double>
        public var trained: Bool
        public var weak: Bool

        public init(note: Int, threshold: Double, band80: ClosedRange<Double>, trained: Bool, weak: Bool) {
            self.note = note
            self.threshold = threshold
            self.band80 = band80
            self.trained = trained
            self.weak = weak
        }
    }

    /// Ascending, one per key of the range.
    public var keys: [Key]
    /// A key to mark (▼ above it, its name below, reverse video in colour).
    public var highlighted: Int?

    public static let maximumColumnsPerKey = 5
    package static let rowsPerDecade = 20.0
    package static let rowLimits = 10...18
    /// The fewest rows that still show a threshold inside its band.
    public static let minimumPlotRows = 4

    public init(keys: [Key], highlighted: Int? = nil) {
        self.keys = keys
        self.highlighted = highlighted
    }

    public init(overview: ProfileOverview, highlighted: MIDINote? = nil) {
        let weak = overview.weakKeys
        self.init(keys: overview.report.notes.map { note in
            Key(note: note.note, threshold: note.threshold, band80: note.band80[0]...note.band80[1], trained: note.answers > 0,
                weak: weak.contains(note.note))
        }, highlighted: highlighted?.number)
    }

    /// What one column of the chart shows: the weakest of the keys it holds.
    public struct Column: Sendable {
        public var keys: [Key]
        public var threshold: Double { keys.map(\.threshold).max()! }
        public var band: ClosedRange<Double> { keys.map(\.band80.lowerBound).min()!...keys.map(\.band80.upperBound).max()! }
        public var trained: Bool { keys.contains { $0.trained } }
        public var weak: Bool { keys.contains { $0.weak } }
        /// Whether the threshold mark belongs in this column (the middle one of a wide key).
        public var marksThreshold: Bool
    }

    /// The chart's lines, none wider than `width` columns (colour codes aside).
    /// `plotRows` caps the rows of the cents axis (never below `minimumPlotRows`),
    /// so a screen can make room for the keyboard beneath it.
    public func lines(width: Int, colour: Bool, plotRows: Int = .max) -> [String] {
        guard !keys.isEmpty else { return [] }
        let scale = CentsScale(covering: keys.flatMap { [$0.band80.lowerBound, $0.band80.upperBound, $0.threshold] })
        let natural = min(max(Int((scale.decades * Self.rowsPerDecade).rounded()), Self.rowLimits.lowerBound), Self.rowLimits.upperBound)
        let rows = min(natural, max(plotRows, Self.minimumPlotRows))
        let labels = Dictionary(scale.ticks.map { (row(of: $0, scale: scale, rows: rows), CentsText.number($0) + "¢") }) { upper, _ in upper }
        let labelWidth = labels.values.map(\.count).max() ?? 0
        let margin = labelWidth + 2
        let columns = layout(available: max(width - margin - 1, 1))

        var lines: [StyledLine] = []
        if let highlighted, let index = columns.firstIndex(where: { $0.keys.contains { $0.note == highlighted } && $0.marksThreshold }) {
            var marker = StyledLine(String(repeating: " ", count: margin + index))
            marker.append("▼", .threshold)
            lines.append(marker)
        }
        for row in 0..<rows {
            let label = labels[row] ?? ""
            var line = StyledLine(String(repeating: " ", count: labelWidth - label.count) + label + " ", .axis)
            line.append(labels[row] == nil ? "│" : "┤", .axis)
            for column in columns {
                let (glyph, role) = cell(column, row: row, scale: scale, rows: rows)
                line.append(glyph, isHighlighted(column) ? .highlight : role)
            }
            lines.append(line)
        }
        lines.append(StyledLine(String(repeating: " ", count: labelWidth + 1) + "└" + String(repeating: "─", count: columns.count), .axis))
        var keyboard = StyledLine(String(repeating: " ", count: margin))
        for column in columns {
            let black = MIDINote(number: column.keys[0].note)!.isBlackKey
            keyboard.append(black ? "█" : "▁", isHighlighted(column) ? .highlight : black ? .blackKey : .whiteKey)
        }
        lines.append(keyboard)
        lines.append(StyledLine(String(repeating: " ", count: margin) + keyLabels(columns)))
        return lines.map { $0.rendered(colour: colour) } + legend(width: width, colour: colour)
    }

    /// The chart's columns, left to right, for `available` terminal columns.
    public func layout(available: Int) -> [Column] {
        if keys.count <= available {
            let perKey = min(available / keys.count, Self.maximumColumnsPerKey)
            return keys.flatMap { key in (0..<perKey).map { Column(keys: [key], marksThreshold: $0 == perKey / 2) } }
        }
        var columns = (0..<available).map { _ in Column(keys: [], marksThreshold: true) }
        for (index, key) in keys.enumerated() { columns[index * available / keys.count].keys.append(key) }
        return columns
    }

    private func isHighlighted(_ column: Column) -> Bool {
        highlighted.map { note in column.keys.contains { $0.note == note } } ?? false
    }

    private func row(of cents: Double, scale: CentsScale, rows: Int) -> Int {
        min(Int(scale.position(cents) * Double(rows)), rows - 1)
    }

    private func cell(_ column: Column, row: Int, scale: CentsScale, rows: Int) -> (String, TerminalColour.Role) {
        if column.marksThreshold, row == self.row(of: column.threshold, scale: scale, rows: rows) {
            if !column.trained { return ("○", .uninformed) }
            return column.weak ? ("▲", .weak) : ("●", .threshold)
        }
        let band = column.band
        guard (self.row(of: band.upperBound, scale: scale, rows: rows)...self.row(of: band.lowerBound, scale: scale, rows: rows)).contains(row) else {
            return (" ", .plain)
        }
        return column.trained ? ("░", .band) : ("·", .uninformed)
    }

    /// Key names under the keyboard: the highlighted key first, then every C,
    /// then the ends of the range, each where it fits without touching another.
    private func keyLabels(_ columns: [Column]) -> String {
        var text = [Character](repeating: " ", count: columns.count)
        var taken = [Bool](repeating: false, count: columns.count + 1)
        var candidates = keys.filter { $0.note % 12 == 0 }.map(\.note)
        candidates.insert(contentsOf: highlighted.map { [$0] } ?? [], at: 0)
        candidates += [keys.first!.note, keys.last!.note]
        for note in candidates {
            guard let column = columns.firstIndex(where: { $0.keys.contains { $0.note == note } }) else { continue }
            let name = Array(MIDINote(number: note)!.name)
            // Under the key, or ending under it at the right-hand edge.
            let start = min(column, columns.count - name.count)
            let span = max(start - 1, 0)..<min(start + name.count + 1, columns.count)
            guard start >= 0, !span.contains(where: { taken[$0] }) else { continue }
            for (offset, character) in name.enumerated() {
                text[start + offset] = character
                taken[start + offset] = true
            }
        }
        return String(text)
    }

    private func legend(width: Int, colour: Bool) -> [String] {
        let items: [[(String, TerminalColour.Role)]] = [
            [("●", .threshold), (" " + localized(.chartThreshold), .plain)],
            [("░", .band), (" " + localized(.band80), .plain)],
            [("▲", .weak), (" " + localized(.weakSpot), .plain)],
            [("○ ·", .uninformed), (" " + localized(.noAnswersYet), .plain)],
        ]
        var lines: [StyledLine] = []
        var current = StyledLine(), currentWidth = 0
        for item in items {
            let itemWidth = item.reduce(0) { $0 + $1.0.unicodeScalars.count }
            if currentWidth > 0, currentWidth + 2 + itemWidth > width - 1 {
                lines.append(current)
                current = StyledLine()
                currentWidth = 0
            }
            if currentWidth > 0 {
                current.append("  ")
                currentWidth += 2
            }
            for (text, role) in item { current.append(text, role) }
            currentWidth += itemWidth
        }
        lines.append(current)
        return lines.map { $0.rendered(colour: colour) }
    }
}
