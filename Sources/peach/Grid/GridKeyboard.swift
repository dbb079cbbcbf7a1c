/// The computer keyboard as four rows of ten keys laid over four rows of
/// the grid, key for square: on a US keyboard `1`…`0` on the first row
/// shown, `q`…`p` on the next, then `a`…`;` and `z`…`/`; on a German one
/// the same keys, which type `y` for `z`, `ö` for `;` and `-` for `/`. The
/// block can be moved over a larger grid (`firstRow`, `firstColumn`), so
/// every square can be reached.
struct GridKeyboard: Equatable {
    enum Layout: String, CaseIterable {
        case qwerty, qwertz

        var rows: [[Character]] {
            switch self {
            case .qwerty: [Array("1234567890"), Array("qwertyuiop"), Array("asdfghjkl;"), Array("zxcvbnm,./")]
            case .qwertz: [Array("1234567890"), Array("qwertzuiop"), Array("asdfghjklö"), Array("yxcvbnm,.-")]
            }
        }
    }

    /// Four rows of ten, whatever the layout.
    static let rowCount = 4
    static let columnCount = 10

    var layout = Layout.qwerty
    var firstRow = 0
    var firstColumn = 0

    /// The grid row and column a typed character plays, if it is one of the forty.
    func square(for character: Character) -> (row: Int, column: Int)? {
        let lower = Character(character.lowercased())
        for (row, keys) in layout.rows.enumerated() {
            if let column = keys.firstIndex(of: lower) { return (firstRow + row, firstColumn + column) }
        }
        return nil
    }

    /// The character that plays a square, if the block covers it.
    func character(row: Int, column: Int) -> Character? {
        let r = row - firstRow, c = column - firstColumn
        guard (0..<Self.rowCount).contains(r), (0..<Self.columnCount).contains(c) else { return nil }
        return layout.rows[r][c]
    }

    /// Moves the block by `rows` and `columns`, keeping it on a grid of `gridRows` × `gridColumns`.
    mutating func move(rows: Int, columns: Int, gridRows: Int, gridColumns: Int) {
        firstRow = min(max(0, firstRow + rows), max(0, gridRows - Self.rowCount))
        firstColumn = min(max(0, firstColumn + columns), max(0, gridColumns - Self.columnCount))
    }
}
