/// A word as a POSIX shell reads it back unchanged: as it is when it holds
/// only characters no shell treats specially, else in single quotes (a quote
/// inside as '\''). For the commands Peach shows the user to copy
/// (`peach drone --preset 'my cello'`).
enum ShellWord {
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_./+:,@%=^#".unicodeScalars.contains(scalar)
        } && !word.hasPrefix("#")
        return plain ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// Words joined by spaces, each quoted as needed.
    static func line(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
