import PeachText

/// Counts said in words, one and many told apart.
enum JournalWords {
    static func notes(_ count: Int) -> String {
        count == 1 ? localized(.journalOneNote) : localized(.journalNotes, count)
    }

    static func answers(_ count: Int) -> String {
        count == 1 ? localized(.journalOneAnswer) : localized(.journalAnswers, count)
    }
}
