import Glibc
import PeachSupport

/// Whether to colour terminal output, and the colours Peach uses. Colour is
/// only ever a second signal: every coloured thing has its own glyph too.
public enum TerminalColour {
    /// Colour for a terminal only, never when `NO_COLOR` is set (no-color.org)
    /// or `TERM` is `dumb`.
    public static func enabled(forDescriptor descriptor: Int32 = StandardOutput.current, environment: [String: String] = Environment.current) -> Bool {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(descriptor) == 1
    }

    /// What a glyph means, which decides its colour.
    public enum Role: Sendable {
        case plain, axis, band, uninformed, threshold, weak, whiteKey, blackKey, highlight

        /// The SGR parameters (ECMA-48), or nil for none.
        var sgr: String? {
            switch self {
            case .plain: nil
            case .axis: "2"             // dim
            case .band: "36"            // cyan
            case .uninformed: "90"      // grey
            case .threshold: "1"        // bold
            case .weak: "1;31"          // bold red
            case .whiteKey: nil         // the terminal's own text colour: readable on dark and light themes alike
            case .blackKey: "90"        // grey: black on a dark terminal would vanish
            case .highlight: "7"        // reverse video
            }
        }
    }
}
