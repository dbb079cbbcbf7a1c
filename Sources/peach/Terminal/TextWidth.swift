/// Terminal cells a string takes: escape sequences take none, emoji and wide
/// East Asian characters take two, everything else one.
extension String {
    var cellWidth: Int {
        var width = 0
        var inEscape = false
        for scalar in unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" { inEscape = true; continue }
            if scalar.properties.generalCategory == .nonspacingMark || scalar == "\u{FE0F}" { continue }
            width += Self.isWide(scalar) ? 2 : 1
        }
        return width
    }

    private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// Centred in `width` cells (left-biased), padded with spaces on the left only.
    func centred(in width: Int) -> String {
        String(repeating: " ", count: max(0, (width - cellWidth) / 2)) + self
    }

    /// Cut to at most `width` cells; text with escape sequences is only cut if
    /// it is too wide, and then loses its styling.
    func fitted(to width: Int) -> String {
        guard cellWidth > width else { return self }
        var plain = ""
        var used = 0
        var inEscape = false
        for character in self {
            if inEscape { if let ascii = character.asciiValue, (0x40...0x7E).contains(ascii), character != "[" { inEscape = false }; continue }
            if character == "\u{1B}" { inEscape = true; continue }
            let cells = String(character).cellWidth
            guard used + cells <= width else { break }
            plain.append(character)
            used += cells
        }
        return plain
    }

    /// Plain text cut to at most `width` cells, ending in `mark` (one cell) when cut, so it shows that there is more.
    func ellipsized(to width: Int, mark: String = "…") -> String {
        guard cellWidth > width else { return self }
        guard width > 1 else { return String(repeating: mark, count: max(0, width)) }
        return fitted(to: width - 1) + mark
    }
}
