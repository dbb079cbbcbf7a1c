/// One thing the user did at the keyboard or with the mouse.
enum Key: Equatable {
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, space, escape, tab, backspace
    /// Ctrl-C arrives as a key in raw mode, where it raises no signal.
    case interrupt
    /// Ctrl-Z, likewise.
    case suspend
    case character(Character)
    /// A left-button press at a 1-based column and row.
    case click(column: Int, row: Int)
    /// The mouse moved to a 1-based column and row with the left button held.
    case drag(column: Int, row: Int)
    /// The left button let go at a 1-based column and row.
    case release(column: Int, row: Int)
    /// A sequence Peach does not use (function keys, other mouse buttons).
    case unknown
}
