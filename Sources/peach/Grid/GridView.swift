import PeachHost

/// Where the grid's squares fall in the window and how they look: as many
/// columns as the width holds at the key size, four octaves when they fit
/// the height and three otherwise, scrolled by rows when even three do not.
/// A key being played is drawn with a heavy border and in inverse colours;
/// the roots' names are bold; the computer key that plays a square sits in
/// its corner.
struct GridView {
    var keySize: KeySize
    var window: TerminalSize

    /// Lines above the grid (title, what is happening) and below it (the phrase, the keys).
    static let linesAbove = 2
    static let linesBelow = 2

    var columns: Int { max(1, window.columns / keySize.cells.width) }
    var visibleRows: Int { max(1, (window.rows - Self.linesAbove - Self.linesBelow) / keySize.cells.height) }

    /// Four octaves if they fit without scrolling, else three.
    func octaves(for scale: Scale) -> Int {
        GridLayout.keyCount(of: scale, octaves: 4) <= columns * visibleRows ? 4 : 3
    }

    /// The first grid row shown: the keyboard's block kept in view.
    func topRow(of layout: GridLayout, keyboard: GridKeyboard) -> Int {
        min(keyboard.firstRow, max(0, layout.rows - visibleRows))
    }

    /// The key under a 1-based window column and row, if any.
    func key(column: Int, row: Int, in layout: GridLayout, topRow: Int) -> GridKey? {
        let (width, height) = keySize.cells
        let y = row - 1 - Self.linesAbove
        guard column >= 1, y >= 0, y < visibleRows * height else { return nil }
        return layout.key(row: topRow + y / height, column: (column - 1) / width)
    }

    /// The grid's lines, `visibleRows` keys high.
    func lines(_ layout: GridLayout, topRow: Int, lit: Set<Int>, names: Bool, keyboard: GridKeyboard, style: TerminalStyle) -> [String] {
        let (width, height) = keySize.cells
        var lines: [String] = []
        for gridRow in topRow..<min(layout.rows, topRow + visibleRows) {
            var rows = [String](repeating: "", count: height)
            for column in 0..<layout.columns {
                guard let key = layout.key(row: gridRow, column: column) else {
                    for line in 0..<height { rows[line] += String(repeating: " ", count: width) }
                    continue
                }
                let box = square(key, lit: lit.contains(key.index), names: names, letter: keyboard.character(row: gridRow, column: column),
                                 width: width, height: height, style: style)
                for line in 0..<height { rows[line] += box[line] }
            }
            lines += rows
        }
        return lines
    }

    private func square(_ key: GridKey, lit: Bool, names: Bool, letter: Character?, width: Int, height: Int, style: TerminalStyle) -> [String] {
        let glyphs = style.unicode ? (lit ? Glyphs.heavy : Glyphs.light) : (lit ? Glyphs.asciiHeavy : Glyphs.ascii)
        let inner = width - 2
        let label = names ? key.name : (key.isRoot ? (style.unicode ? "●" : "o") : "")
        var box = [glyphs.topLeft + String(repeating: glyphs.horizontal, count: inner) + glyphs.topRight]
        for line in 1..<(height - 1) {
            let content: String
            if line == (height - 1) / 2 {
                // A small key has one line inside: the letter takes its last cell where the label leaves it (it showed none).
                let letterHere = line == height - 2 ? letter.flatMap { label.count < inner ? $0 : nil } : nil
                let room = inner - (letterHere == nil ? 0 : 1)
                let lead = max(0, (room - label.count) / 2)
                content = String(repeating: " ", count: lead) + label + String(repeating: " ", count: max(0, room - lead - label.count))
                    + (letterHere.map { String($0) } ?? "")
            } else if line == height - 2, let letter, inner >= 3 {
                content = String(repeating: " ", count: inner - 1) + String(letter)
            } else {
                content = String(repeating: " ", count: inner)
            }
            // One style per stretch: a reset inside another would end it early.
            let styled = lit ? style.inverse(content) : line == (height - 1) / 2 ? (key.isRoot ? style.strong(content) : content)
                : letter != nil ? style.dim(content) : content
            box.append(glyphs.vertical + styled + glyphs.vertical)
        }
        box.append(glyphs.bottomLeft + String(repeating: glyphs.horizontal, count: inner) + glyphs.bottomRight)
        return box
    }

    private struct Glyphs {
        let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: String
        static let light = Glyphs(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
        static let heavy = Glyphs(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
        static let ascii = Glyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
        static let asciiHeavy = Glyphs(topLeft: "#", topRight: "#", bottomLeft: "#", bottomRight: "#", horizontal: "=", vertical: "#")
    }
}
