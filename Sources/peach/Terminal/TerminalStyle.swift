import Glibc
import PeachAudio
import PeachHost
import PeachReports
import PeachSupport

/// How to draw for this terminal: whether colour is welcome and whether
/// Unicode glyphs will show. Colour only ever repeats what the text says.
struct TerminalStyle {
    var colour: Bool
    var unicode: Bool

    /// From the environment: colour as `TerminalColour` decides (never with
    /// NO_COLOR, TERM=dumb or a non-terminal output); a UTF-8 locale allows Unicode glyphs.
    static func detect(output: Int32 = StandardOutput.current, environment: [String: String] = Environment.current) -> TerminalStyle {
        let locale = environment["LC_ALL"].nonEmpty ?? environment["LC_CTYPE"].nonEmpty ?? environment["LANG"] ?? ""
        let utf8 = locale.lowercased().filter { $0 != "-" }.contains("utf8")
        return TerminalStyle(colour: TerminalColour.enabled(forDescriptor: output, environment: environment), unicode: utf8)
    }

    func strong(_ text: String) -> String { sgr("1", text) }
    func dim(_ text: String) -> String { sgr("2", text) }
    func good(_ text: String) -> String { sgr("1;32", text) }
    func bad(_ text: String) -> String { sgr("1;31", text) }
    func inverse(_ text: String) -> String { sgr("7", text) }

    private func sgr(_ code: String, _ text: String) -> String {
        colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

private extension Optional where Wrapped == String {
    /// The value unless it is missing or empty, as POSIX locale variables are read.
    var nonEmpty: String? {
        guard let self, !self.isEmpty else { return nil }
        return self
    }
}
