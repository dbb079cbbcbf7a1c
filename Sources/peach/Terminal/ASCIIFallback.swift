/// What a screen's text becomes on a terminal that is not UTF-8 (LANG=C,
/// LC_ALL=POSIX, an old serial console): each sign Peach draws as its ASCII
/// look-alike, letters with accents as their plain letters, anything else as
/// `?`. A UTF-8 byte sequence there shows as two or three signs of garbage
/// and moves everything after it on the line.
enum ASCIIFallback {
    private static let signs: [Character: String] = [
        "·": "-", "…": "...", "↑": "^", "↓": "v", "←": "<", "→": ">", "↔": "<>", "█": "#", "▌": "#", "▐": "#", "░": ".",
        "●": "*", "○": "o", "│": "|", "─": "-", "┌": "+", "┐": "+", "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+",
        "┼": "+", "╭": "+", "╮": "+", "╰": "+", "╯": "+", "±": "+/-", "∞": "inf", "▶": ">", "◀": "<", "▲": "^", "▼": "v",
        "♯": "#", "♭": "b", "×": "x", "≈": "~", "–": "-", "—": "-", "‘": "'", "’": "'", "“": "\"", "”": "\"", "„": "\"",
        "¢": "c", "°": "o", "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "é": "e", "è": "e",
        "à": "a", "ç": "c", "ñ": "n",
    ]

    static func text(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(\.isASCII) else { return text }
        var result = ""
        for character in text {
            if character.unicodeScalars.allSatisfy(\.isASCII) {
                result.append(character)
            } else {
                result += signs[character] ?? "?"
            }
        }
        return result
    }
}
