/// Plain text broken into lines of at most a given width, at spaces where it
/// can, mid-word where a word alone is too long. Counts one column per
/// Unicode scalar, which holds for the text Peach writes (no wide or
/// combining characters).
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
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let prefix = lines.isEmpty ? leading : indent
            if line.isEmpty {
                line = prefix + word
            } else if (line + " " + word).unicodeScalars.count <= width {
                line += " " + word
            } else {
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
}
