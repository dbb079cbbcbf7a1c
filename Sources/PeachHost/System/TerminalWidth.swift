import Glibc

/// How many columns output may use: `COLUMNS` if set, else the terminal's
/// own width when standard output is one, else 80.
public enum TerminalWidth {
    public static func current(environment: [String: String] = Environment.current) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        var size = winsize()
        if isatty(1) == 1, ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
