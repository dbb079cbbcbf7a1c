import PeachFiles

/// Why the kept phrase could not be read or written: the file and the reason
/// as data; `PeachMessages` words it.
public enum PhraseFileError: Error, Equatable {
    case file(HistoryError)
    /// The file is there but holds no phrase Peach wrote (damaged, or planted by a synced folder).
    case damaged(path: String, PhraseDamage)
}

public enum PhraseDamage: Equatable, Sendable {
    case symbolicLink
    case notRegularFile
    case tooLarge(limit: Int)
    /// Not the JSON of a phrase.
    case unreadable
    /// A field whose value no phrase has, by its name in the file (`notes[3]`).
    case field(String)
}
