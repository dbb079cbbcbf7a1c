import PeachFiles
import PeachHistory

/// Why a row of a CSV file is not an answer: its syntax, its header, or a
/// field, with the values as written; `PeachMessages` words it.
public enum CSVProblem: Error, Equatable, Sendable {
    // RFC 4180 syntax.
    case quoteNeverClosed, strayQuote, notUTF8, strayCarriageReturn, textAfterQuote
    // The header row.
    case columnTwice(String)
    /// A required column is missing; `required` lists them all.
    case noColumn(String, required: [String])
    /// The columns are separated by semicolons, as spreadsheets write CSV in languages with a decimal comma.
    case semicolons
    // A row.
    case tooFewFields(Int, width: Int)
    case notNumber(column: String, value: String)
    case notPositive(column: String, value: String)
    case timestamp(String, UTCTimestamp.ParseFailure)
    case key(String)
    /// The note's name is not that of the key.
    case noteMismatch(String, key: Int, name: String)
    case answer(String)
    case correct(String)
    case response(String)
    /// The timbre column is not a flat JSON object of strings.
    case timbre(HistoryLineError)
    case implausible(AnswerProblem)
}
