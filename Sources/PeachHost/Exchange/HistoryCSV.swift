import PeachHistory
import PeachMusic
import PeachSupport
import PeachTraining

/// The history as CSV (`peach export --csv`, `peach import`): a header row,
/// then one row per answer, in time order.
///
/// | column | holds |
/// |---|---|
/// | `timestamp` | when the answer was given, UTC, ISO 8601 to the millisecond: `2026-11-21T19:07:00.123Z` |
/// | `key` | the key trained, as a MIDI number (60 is middle C) |
/// | `note` | the same key by name: `C4` |
/// | `first_hz` | the first note's frequency in Hz (exactly on the key) |
/// | `second_hz` | the second note's frequency in Hz |
/// | `cents` | the second note against the first, in cents (positive: higher) |
/// | `answer` | what the listener heard: `higher` or `lower` |
/// | `correct` | `true` or `false` |
/// | `response_ms` | milliseconds from the start of the second note to the answer |
/// | `source` | the sound source's id: `org.peach.sine` |
/// | `reference_hz` | A4 in Hz when the pair was played |
/// | `note_seconds` | the length of each note in seconds |
/// | `timbre` | the source's timbre option values as a JSON object (`{"program":"73"}`), empty for none; optional on import |
///
/// Numbers are written as in the history file, with the fewest digits that
/// read back as the same value, so a file exported and imported again is
/// the same answers to the last bit.
public enum HistoryCSV {
    public static let columns = ["timestamp", "key", "note", "first_hz", "second_hz", "cents", "answer", "correct",
                                 "response_ms", "source", "reference_hz", "note_seconds", "timbre"]
    /// The columns an imported file must have: all but `timbre`, which exports before it was recorded lack.
    package static let required = columns.dropLast()

    /// The whole file as UTF-8: header and rows, CRLF line ends.
    public static func document(_ answers: [TrainingAnswer]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(answers.count * 130)
        RFC4180.append(columns, to: &bytes)
        for answer in answers { RFC4180.append(row(answer), to: &bytes) }
        return bytes
    }

    package static func row(_ answer: TrainingAnswer) -> [String] {
        [UTCTimestamp.format(answer.time), String(answer.note.number), answer.note.name, PlainDecimal.text(answer.firstHz),
         PlainDecimal.text(answer.secondHz), PlainDecimal.text(answer.cents), answer.answer.rawValue, String(answer.correct),
         String(HistoryLine.responseMilliseconds(answer.responseSeconds)), answer.sourceID, PlainDecimal.text(answer.reference),
         PlainDecimal.text(answer.noteSeconds), answer.timbre.isEmpty ? "" : HistoryLine.timbreObject(answer.timbre)]
    }

    /// Where each column stands in a file, from its header row. Columns may come
    /// in any order; unknown ones are ignored, as unknown keys in history lines are.
    package struct Header {
        /// Per column of `columns`, where it stands; nil for an optional column the file lacks.
        let positions: [Int?]

        init(_ fields: [String]) throws(CSVProblem) {
            // One field holding the columns between semicolons: a spreadsheet set to a language that writes decimal commas saved it.
            if fields.count == 1, fields[0].split(separator: ";").map({ String($0).trimmingWhitespace() }).contains("timestamp") { throw .semicolons }
            var positions: [Int?] = []
            for column in HistoryCSV.columns {
                let matches = fields.indices.filter { fields[$0].trimmingWhitespace() == column }
                guard matches.count <= 1 else { throw .columnTwice(column) }
                guard !matches.isEmpty || !HistoryCSV.required.contains(column) else {
                    throw .noColumn(column, required: Array(HistoryCSV.required))
                }
                positions.append(matches.first)
            }
            self.positions = positions
        }

        /// How many fields a row needs.
        var width: Int { positions.compactMap { $0 }.max()! + 1 }
    }

    /// The timbre column's options and values; empty when the column is.
    private static func timbre(_ text: String) throws(CSVProblem) -> [String: String] {
        guard !text.isEmpty else { return [:] }
        do { return try HistoryLine.timbre(parsing: text) } catch { throw .timbre(error) }
    }

    /// The answer in one row, checked as strictly as a history line.
    package static func answer(_ fields: [String], header: Header) throws(CSVProblem) -> TrainingAnswer {
        guard fields.count >= header.width else { throw .tooFewFields(fields.count, width: header.width) }
        let value = { (column: Int) in header.positions[column].map { fields[$0] } ?? "" }
        func number(_ column: Int, positive: Bool) throws(CSVProblem) -> Double {
            guard let number = FlatJSONScanner.number(exactly: value(column)) else {
                throw .notNumber(column: columns[column], value: value(column))
            }
            guard !positive || number > 0 else { throw .notPositive(column: columns[column], value: value(column)) }
            return number
        }
        let time: Double
        switch value(0).utf8.withContiguousStorageIfAvailable({ UTCTimestamp.parse($0) }) ?? .failure(.layout) {
        case .success(let seconds): time = seconds
        case .failure(let failure): throw .timestamp(value(0), failure)
        }
        guard let key = wholeNumber(value(1)), let note = MIDINote(number: key) else { throw .key(value(1)) }
        guard value(2) == note.name || (try? MIDINote(parsing: value(2))) == note else { throw .noteMismatch(value(2), key: key, name: note.name) }
        guard let heard = PitchDirection(rawValue: value(6)) else { throw .answer(value(6)) }
        guard let correct = Bool(value(7)) else { throw .correct(value(7)) }
        guard let milliseconds = wholeNumber(value(8)) else {
            throw .response(value(8))
        }
        let answer = TrainingAnswer(time: time, note: note, firstHz: try number(3, positive: true), secondHz: try number(4, positive: true),
                                    cents: try number(5, positive: false), answer: heard, correct: correct,
                                    responseSeconds: Double(milliseconds) / 1000, sourceID: value(9),
                                    reference: try number(10, positive: true), noteSeconds: try number(11, positive: true),
                                    timbre: try timbre(value(12)))
        if let problem = HistoryLine.problem(with: answer) { throw .implausible(problem) }
        return answer
    }

    /// Digits only (no sign, no spaces), within Int.
    private static func wholeNumber(_ text: String) -> Int? {
        text.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) ? Int(text) : nil
    }
}
