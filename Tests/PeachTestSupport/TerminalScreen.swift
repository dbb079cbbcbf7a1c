/// A small terminal emulator: enough of VT100/xterm to show what a
/// full-screen program drew (cursor moves, erasing, the alternate screen,
/// SGR attributes ignored), so tests can read the screen as text.
public struct TerminalScreen {
    public private(set) var columns: Int
    public private(set) var rows: Int
    private var cells: [[String]]
    private var row = 0, column = 0
    private var pending: [UInt8] = []
    /// Private modes that are currently set, e.g. 1049 (alternate screen), 25 (cursor shown).
    public private(set) var privateModes: Set<Int> = [25]
    /// How many times the bell rang.
    public private(set) var bells = 0

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
    }

    /// The screen as lines of text, trailing spaces removed.
    public var lines: [String] {
        cells.map { line in
            var text = line.joined()
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }
    }

    public var text: String { lines.joined(separator: "\n") }

    public mutating func resize(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        row = min(row, rows - 1)
        column = min(column, columns - 1)
    }

    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard let used = step(at: index) else { break }
            index += used
        }
        pending.removeFirst(index)
    }

    /// Interprets one control, sequence or character; nil if it is incomplete.
    private mutating func step(at index: Int) -> Int? {
        let byte = pending[index]
        switch byte {
        case 0x1B:
            guard index + 1 < pending.count else { return nil }
            guard pending[index + 1] == UInt8(ascii: "[") else { return 2 }
            var end = index + 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
            guard end < pending.count else { return nil }
            csi(String(decoding: pending[(index + 2)..<end], as: UTF8.self), final: pending[end])
            return end - index + 1
        case 0x0D: column = 0; return 1
        case 0x0A: newline(); return 1
        case 0x07: bells += 1; return 1
        case 0x08: column = max(0, column - 1); return 1
        case ..<0x20: return 1
        default:
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            guard index + length <= pending.count else { return nil }
            put(String(decoding: pending[index..<(index + length)], as: UTF8.self))
            return length
        }
    }

    private mutating func put(_ character: String) {
        if column >= columns { column = 0; newline() }
        cells[row][column] = character
        column += 1
        // A wide character (emoji) takes the next cell too.
        if let scalar = character.unicodeScalars.first, scalar.value >= 0x1F300, column < columns {
            cells[row][column] = ""
            column += 1
        }
    }

    private mutating func newline() {
        if row == rows - 1 {
            cells.removeFirst()
            cells.append(Array(repeating: " ", count: columns))
        } else {
            row += 1
        }
    }

    private mutating func csi(_ parameters: String, final: UInt8) {
        let isPrivate = parameters.hasPrefix("?")
        let numbers = parameters.drop(while: { $0 == "?" }).split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ position: Int, _ fallback: Int) -> Int { position < numbers.count ? (numbers[position] ?? fallback) : fallback }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            row = min(rows - 1, max(0, number(0, 1) - 1))
            column = min(columns - 1, max(0, number(1, 1) - 1))
        case UInt8(ascii: "J"):
            if number(0, 0) == 2 { erase(rows: 0..<rows) }
            else if number(0, 0) == 0 { eraseLine(from: column); erase(rows: (row + 1)..<rows) }
        case UInt8(ascii: "K"):
            eraseLine(from: number(0, 0) == 0 ? column : 0)
        case UInt8(ascii: "A"): row = max(0, row - number(0, 1))
        case UInt8(ascii: "B"): row = min(rows - 1, row + number(0, 1))
        case UInt8(ascii: "C"): column = min(columns - 1, column + number(0, 1))
        case UInt8(ascii: "D"): column = max(0, column - number(0, 1))
        case UInt8(ascii: "h") where isPrivate:
            numbers.compactMap { $0 }.forEach { privateModes.insert($0) }
            if numbers.contains(1049) { erase(rows: 0..<rows) }
        case UInt8(ascii: "l") where isPrivate:
            numbers.compactMap { $0 }.forEach { privateModes.remove($0) }
        default:
            break  // SGR and the rest change nothing a test reads
        }
    }

    private mutating func erase(rows range: Range<Int>) {
        for line in range where line < rows { cells[line] = Array(repeating: " ", count: columns) }
    }

    private mutating func eraseLine(from start: Int) {
        for index in start..<columns { cells[row][index] = " " }
    }
}
