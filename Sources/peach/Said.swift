import PeachHost
import PeachMessages
import PeachText

/// An error or notice of the layers below in the language chosen at start:
/// the one way the commands turn one into text.
func said(_ error: any Error) -> String { text(of: error, in: Language.current) }

/// `said` for a notice or warning that is not an error.
func said(_ notice: some Worded) -> String { notice.text(in: Language.current) }
