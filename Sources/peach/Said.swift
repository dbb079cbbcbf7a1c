import ArgumentParser
import PeachHost
import PeachMessages
import PeachText

/// An error or notice of the layers below in the language chosen at start:
/// the one way the commands turn one into text.
func said(_ error: any Error) -> String { text(of: error, in: Language.current) }

/// `said` for a notice or warning that is not an error.
func said(_ notice: some Worded) -> String { notice.text(in: Language.current) }

/// Runs `body`, turning an error of the layers below into a usage error in
/// the user's words: for `validate()`, where a bad value is the command line's fault.
func checked<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as ValidationError { throw error } catch { throw ValidationError(said(error)) }
}

/// `checked` for the value of one option, which the error names first
/// (`--lowest X: 'X' is not a note`): a command with several notes says which.
func checked<T>(option: String, _ value: String, _ body: (String) throws -> T) throws -> T {
    do { return try body(value) } catch { throw ValidationError("\(option) \(value): \(said(error))") }
}
