import PeachHost

/// A phrase's notes as words: their names in the order they began.
enum PhraseText {
    static func names(_ phrase: Phrase) -> String {
        phrase.notes.map(\.name).joined(separator: " ")
    }
}
