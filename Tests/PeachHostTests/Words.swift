import PeachMessages
import PeachText

extension Worded {
    /// The text in the language the test runs in, as the `peach` command words it.
    var words: String { text(in: Language.current) }
}
