/// Plain text broken into lines of at most a given width, at spaces where it
/// can (never inside a command in backticks), mid-word where a word alone is
/// too long. Counts one column per Unicode scalar, which holds for the text
/// Peach writes (no wide or combining characters).
public enum TextWrap {
    /// Lines after the first start with `indent`, after the text's own leading spaces.
    public static func lines(_ text: String, width: Int, indent: String = "") -> [String] {
        guard text.unicodeScalars.count > width else { return [text] }
        let leading = String(text.prefix { $0 == " " })
        let text = String(text.dropFirst(leading.count))
        let indent = leading + indent
        let width = max(width, indent.unicodeScalars.count + 1)
        var lines: [String] = []
        var line = ""
        for word in words(text) {
            let prefix = lines.isEmpty ? leading : indent
            if line.isEmpty {
                line = prefix + word
            } else if (line + " " + word).unicodeScalars.count <= width {
                line += " " + word
            } else {
                // Two spaces in the text (`id  name`) left the first line ending in one.
                while line.hasSuffix(" ") && line.count > indent.count { line.removeLast() }
                lines.append(line)
                line = indent + word
            }
            while line.unicodeScalars.count > width {
                let scalars = Array(line.unicodeScalars)
                lines.append(String(String.UnicodeScalarView(scalars[..<width])))
                line = indent + String(String.UnicodeScalarView(scalars[width...]))
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The text's words, a command in backticks (`` `peach train` ``) kept
    /// as one, so a line never breaks inside what the user is to type.
    private static func words(_ text: String) -> [String] {
        var words: [String] = []
        var open = false
        for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
            if open { words[words.count - 1] += " " + piece } else { words.append(String(piece)) }
            if piece.filter({ $0 == "`" }).count % 2 == 1 { open.toggle() }
        }
        return words
    }
}
