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
    /// A sequence Peach does not use (function keys, other mouse buttons).
    case unknown
}
