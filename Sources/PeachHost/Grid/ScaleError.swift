/// Why a scale or a root cannot be used: the text as written and what was
/// expected; `PeachMessages` words it.
public enum ScaleError: Error, Equatable, Sendable {
    /// No built-in or user scale has this name; `known` lists them.
    case unknown(String, known: [String])
    /// A user scale with no notes.
    case empty(name: String)
    /// A step outside the octave (a hand-edited settings file).
    case stepOutside(name: String, steps: [Int])
    /// A user scale's name: empty, too long, with control characters, or a built-in's.
    case badName(String, maxLength: Int)
    /// A root that is not one of the twelve note names (`H`, `E#4`).
    case unknownRoot(String)
    /// A note of a user scale that is not one of the twelve names.
    case unknownNote(String)
}
