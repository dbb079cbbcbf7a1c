import Glibc
import PeachAudio
import PeachHost
import PeachSupport

/// Columns and rows of the terminal on `descriptor`.
struct TerminalSize: Equatable {
    var columns: Int
    var rows: Int

    static let fallback = TerminalSize(columns: 80, rows: 24)

    /// The window size the kernel knows, or nil when `descriptor` is no terminal.
    static func of(_ descriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// How many columns printed output may use: `COLUMNS` if set (as shells
    /// and scripts set it), else the width of the terminal on standard
    /// output, else the fallback.
    static func outputColumns(environment: [String: String] = Environment.current) -> Int {
        windowColumns(environment: environment) ?? fallback.columns
    }

    /// `COLUMNS` if set, else the terminal's width; nil when output goes to a
    /// pipe or a file, where a listing keeps one line per item for grep.
    static func windowColumns(environment: [String: String] = Environment.current) -> Int? {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return of(StandardOutput.current)?.columns
    }
}
