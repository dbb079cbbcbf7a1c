/// A screen's line of keys (`↑↓ tempo · t tap · q quit`) fitted to the
/// window: broken between its items, never inside one, so each key shows
/// beside what it does and the last (the way out) is never cut off.
enum KeyHint {
    static let separator = " · "

    static func lines(_ hint: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for item in hint.components(separatedBy: separator) {
            let joined = line.isEmpty ? item : line + separator + item
            if line.isEmpty || joined.cellWidth <= width {
                line = joined
            } else {
                lines.append(line)
                line = item
            }
        }
        return lines + [line]
    }
}
