import PeachSupport
import PeachText

/// An error or notice of the layers below, worded in the language the edge
/// chose: the lower layers carry data, and their text is made here.
public protocol Worded {
    func text(in language: Language) -> String
}

/// Any error as one line for the user: its words if it is one of Peach's,
/// else its own description (the argument parser's, say).
public func text(of error: any Error, in language: Language) -> String {
    if let worded = error as? any Worded { return worded.text(in: language) }
    return String(describing: error)
}

extension SwitchWords {
    /// Every pair, as a message lists the words a switch takes: `on/off, true/false, …`.
    static var listed: String { pairs.map { "\($0.on)/\($0.off)" }.joined(separator: ", ") }
}
