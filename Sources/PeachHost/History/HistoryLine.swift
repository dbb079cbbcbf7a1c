import PeachMusic
import PeachFiles
import PeachTraining
/// One answer as one line of JSON, the history file's only record:
///
///     {"v":1,"time":"2026-11-21T19:07:00.123Z","note":60,"name":"C4","firstHz":261.6255653005986,
///      "secondHz":262.3818044906282,"cents":5.0,"answer":"higher","correct":true,"responseMs":812,
///      "source":"org.peach.sine","reference":440.0,"noteSeconds":1.0,"timbre":{"program":"73"}}
///
/// (on one line; `timbre`, the values of the source's timbre options, only
/// when it has any, and absent from lines written before it was recorded). Times are UTC to the millisecond, response times whole
/// milliseconds; every other number is written with the fewest digits that
/// read back as the same Double, as a plain decimal.
public enum HistoryLine {
    /// The line for `answer`, without the newline. `problem(with:)` must be nil.
    public static func encode(_ answer: TrainingAnswer) -> String {
        // Appended into one reserved buffer: a chain of `+` would copy the line a dozen times (bulk imports write millions).
        var line = "{\"v\":"
        line.reserveCapacity(256)
        for part in [String(TrainingAnswer.schemaVersion), ",\"time\":\"", UTCTimestamp.format(answer.time), "\",\"note\":", String(answer.note.number),
                     ",\"name\":\"", answer.note.name, "\",\"firstHz\":", PlainDecimal.text(answer.firstHz), ",\"secondHz\":",
                     PlainDecimal.text(answer.secondHz), ",\"cents\":", PlainDecimal.text(answer.cents), ",\"answer\":\"", answer.answer.rawValue,
                     "\",\"correct\":", String(answer.correct), ",\"responseMs\":", String(responseMilliseconds(answer.responseSeconds)),
                     ",\"source\":", quoted(answer.sourceID), ",\"reference\":", PlainDecimal.text(answer.reference), ",\"noteSeconds\":",
                     PlainDecimal.text(answer.noteSeconds)] {
            line += part
        }
        if !answer.timbre.isEmpty { line += ",\"timbre\":" + timbreObject(answer.timbre) }
        return line + "}"
    }

    /// Timbre option values as one flat JSON object of strings, keys sorted:
    /// the `timbre` of a line and of a CSV row.
    public static func timbreObject(_ timbre: [String: String]) -> String {
        "{" + timbre.sorted { $0.key < $1.key }.map { quoted($0.key) + ":" + quoted($0.value) }.joined(separator: ",") + "}"
    }

    /// The timbre option values in `text`, as `timbreObject` writes them.
    public static func timbre(parsing text: String) throws(HistoryLineError) -> [String: String] {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(HistoryLineError) in try timbre(in: bytes) } }.get()
    }

    /// The values of a flat object of strings.
    package static func timbre(in bytes: UnsafeBufferPointer<UInt8>) throws(HistoryLineError) -> [String: String] {
        var scanner = FlatJSONScanner(bytes)
        var values: [String: String] = [:]
        while let key = try scanner.nextKey() {
            guard case .string(let value) = try scanner.value() else { throw .timbreNotStrings }
            values[try key.decoded()] = try value.decoded()
        }
        return values
    }

    /// Whether `a` and `b` are written as the same line: every field equal, times
    /// and response times to the millisecond (as `encode` rounds them).
    public static func sameLine(_ a: TrainingAnswer, _ b: TrainingAnswer) -> Bool {
        millisecond(a.time) == millisecond(b.time) && a.note == b.note && same(a.firstHz, b.firstHz) && same(a.secondHz, b.secondHz)
            && same(a.cents, b.cents) && a.answer == b.answer && a.correct == b.correct
            && responseMilliseconds(a.responseSeconds) == responseMilliseconds(b.responseSeconds) && a.sourceID == b.sourceID
            && same(a.reference, b.reference) && same(a.noteSeconds, b.noteSeconds) && a.timbre == b.timbre
    }

    /// Equal to twelve significant digits: a CSV a spreadsheet saved again
    /// holds fifteen (277.1826309768721 became 277.182630976872), and its
    /// answers were imported a second time. Two answers of one millisecond
    /// and key that differ by less are one answer.
    private static func same(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-12 * max(abs(a), abs(b))
    }

    /// The millisecond a time is written as.
    public static func millisecond(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }

    /// Why `answer` cannot be written as a line that reads back, or nil if it can.
    public static func problem(with answer: TrainingAnswer) -> AnswerProblem? {
        for (key, value) in [("firstHz", answer.firstHz), ("secondHz", answer.secondHz), ("reference", answer.reference),
                             ("noteSeconds", answer.noteSeconds)] where !(value.isFinite && value > 0) {
            return .notPositive(field: key, value: value)
        }
        if !answer.cents.isFinite { return .centsNotFinite(answer.cents) }
        if !UTCTimestamp.writableSeconds.contains(answer.time) { return .timeOutside(answer.time) }
        if !(answer.responseSeconds >= 0 && answer.responseSeconds < 1e12) { return .responseTime(answer.responseSeconds) }
        return implausibility(of: answer)
    }

    /// How far written frequencies may stray from those the key, reference and
    /// cents give (relative; about 0.002 cent), for lines edited by hand.
    package static let frequencyTolerance = 1e-6

    /// Why `answer` is not one Peach can have played and recorded, or nil:
    /// what would otherwise reach the profile and the pair selector as a
    /// difference of 1e308 cents or a key that is not the one played, or the
    /// calendar and the statistics as an answer of year 1 or a note of 1e6 s.
    private static func implausibility(of answer: TrainingAnswer) -> AnswerProblem? {
        guard answer.time >= TrainingAnswer.earliestTime else { return .timeBeforePeach(answer.time, earliest: TrainingAnswer.earliestTime) }
        guard answer.sourceID.contains(where: { !$0.isWhitespace }) else { return .sourceEmpty }
        guard TrainingAnswer.playedNoteSeconds.contains(answer.noteSeconds) else {
            let played = TrainingAnswer.playedNoteSeconds
            return .noteSecondsOutside(answer.noteSeconds, lowest: played.lowerBound, highest: played.upperBound)
        }
        guard Pitch.referenceRange.contains(answer.reference) else {
            return .referenceOutside(answer.reference, lowest: Pitch.referenceRange.lowerBound, highest: Pitch.referenceRange.upperBound)
        }
        guard answer.cents != 0, abs(answer.cents) <= PairSelector.ceilingCents else {
            return .centsOutside(answer.cents, ceiling: PairSelector.ceilingCents)
        }
        let first = Pitch.frequency(of: answer.note, reference: answer.reference)
        guard abs(answer.firstHz / first - 1) <= frequencyTolerance else {
            return .firstHz(answer.firstHz, note: answer.note.name, reference: answer.reference, expected: first)
        }
        let second = Pitch.frequency(of: answer.note, cents: answer.cents, reference: answer.reference)
        guard abs(answer.secondHz / second - 1) <= frequencyTolerance else {
            return .secondHz(answer.secondHz, cents: answer.cents, firstHz: answer.firstHz, expected: second)
        }
        guard answer.correct == ((answer.answer == .higher) == (answer.cents > 0)) else {
            return .correctMismatch(correct: answer.correct, answer: answer.answer.rawValue, cents: answer.cents)
        }
        return nil
    }

    /// The answer in `line` (without its newline).
    public static func decode(_ line: String) throws(HistoryLineError) -> TrainingAnswer {
        var line = line
        return try line.withUTF8 { bytes in Result { () throws(HistoryLineError) in try decode(bytes) } }.get()
    }

    /// The answer in the UTF-8 `bytes` of one line (without its newline).
    /// Fails on any JSON error, on a missing field or a field of the wrong
    /// kind, on values Peach cannot have recorded (`problem(with:)`), and
    /// with `.newerSchema` before any other check of the fields when `v` is
    /// newer than this Peach.
    public static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(HistoryLineError) -> TrainingAnswer {
        var sources = RepeatCache()
        return try decode(bytes, sources: &sources)
    }

    /// `decode`, reusing the source id and timbre of the previous line when they are the same.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, sources: inout RepeatCache) throws(HistoryLineError) -> TrainingAnswer {
        var scanner = FlatJSONScanner(bytes)
        var fields = Fields()
        var timbre: Range<Int>?
        var expected = 0
        while let key = try scanner.nextKey() {
            // Peach writes the fields in order, so the expected one is tried first.
            let field = Field(rawValue: expected).flatMap { key.equals($0.key) ? $0 : nil } ?? Field.all.first { key.equals($0.key) }
            guard let field else {
                try scanner.skipValue()  // unknown keys, of any value, are left for newer tools to add
                continue
            }
            if field == .timbre {  // the one object: read once the line is known to be whole
                guard timbre == nil else { throw .fieldTwice(field.name) }
                timbre = try scanner.skipValue()
                continue
            }
            let value = try scanner.value()
            guard fields.values[field.rawValue] == nil else { throw .fieldTwice(field.name) }
            fields.values[field.rawValue] = value
            expected = field.rawValue + 1
        }
        let version = try fields.wholeNumber(.v)
        guard version >= 1 else { throw .version(version) }
        guard version <= TrainingAnswer.schemaVersion else { throw .newerSchema(version) }
        let noteNumber = try fields.wholeNumber(.note)
        guard let note = MIDINote(number: noteNumber) else { throw .noteOutside(noteNumber) }
        let name = try fields.text(.name)
        if !name.equals(noteNames[note.number]) {
            let written = try name.decoded()
            guard (try? MIDINote(parsing: written)) == note else { throw .nameMismatch(written: written, note: note.number, name: note.name) }
        }
        let answer: PitchDirection
        switch try fields.text(.answer) {
        case let text where text.equals("higher"): answer = .higher
        case let text where text.equals("lower"): answer = .lower
        default: throw .answerWord
        }
        let responseMilliseconds = try fields.wholeNumber(.responseMs)
        guard responseMilliseconds >= 0 else { throw .responseNegative }
        let decoded = TrainingAnswer(
            time: try fields.time(), note: note,
            firstHz: try fields.positiveNumber(.firstHz), secondHz: try fields.positiveNumber(.secondHz),
            cents: try fields.number(.cents), answer: answer, correct: try fields.bool(.correct),
            responseSeconds: Double(responseMilliseconds) / 1000, sourceID: try sources.string(for: fields.text(.source)),
            reference: try fields.positiveNumber(.reference), noteSeconds: try fields.positiveNumber(.noteSeconds),
            timbre: try timbre.map { range throws(HistoryLineError) in try sources.timbre(for: UnsafeBufferPointer(rebasing: bytes[range])) } ?? [:])
        if let problem = implausibility(of: decoded) { throw .implausible(problem) }
        return decoded
    }

    package static func responseMilliseconds(_ seconds: Double) -> Int { Int((seconds * 1000).rounded()) }

    /// `text` as a JSON string with quotes, escaping what JSON requires.
    package static func quoted(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            return "\"" + text + "\""  // nothing to escape: the usual source id
        }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The line's fields, in the order Peach writes them.
    package enum Field: Int, CaseIterable {
        case v, time, note, name, firstHz, secondHz, cents, answer, correct, responseMs, source, reference, noteSeconds, timbre

        static let all = allCases

        var key: StaticString {
            switch self {
            case .v: "v"
            case .time: "time"
            case .note: "note"
            case .name: "name"
            case .firstHz: "firstHz"
            case .secondHz: "secondHz"
            case .cents: "cents"
            case .answer: "answer"
            case .correct: "correct"
            case .responseMs: "responseMs"
            case .source: "source"
            case .reference: "reference"
            case .noteSeconds: "noteSeconds"
            case .timbre: "timbre"
            }
        }

        /// The key as a String, for errors.
        var name: String { key.description }
    }

    /// The values found, with typed access that names the field when it is missing or of the wrong kind.
    /// (The accessors are `mutating` only so that the inline storage is read in place, not copied.)
    private struct Fields {
        var values = InlineArray<14, FlatJSONScanner.Value?>(repeating: nil)  // one per Field, without allocating

        mutating func value(_ field: Field) throws(HistoryLineError) -> FlatJSONScanner.Value {
            guard let value = values[field.rawValue] else { throw .fieldMissing(field.name) }
            return value
        }

        mutating func number(_ field: Field) throws(HistoryLineError) -> Double {
            guard case .number(let number) = try value(field) else { throw .notNumber(field.name) }
            return number
        }

        mutating func positiveNumber(_ field: Field) throws(HistoryLineError) -> Double {
            let number = try number(field)
            guard number > 0 else { throw .notPositive(field: field.name, value: number) }
            return number
        }

        mutating func wholeNumber(_ field: Field) throws(HistoryLineError) -> Int {
            let number = try number(field)
            guard number == number.rounded(), abs(number) < 1e15 else { throw .notWholeNumber(field.name) }
            return Int(number)
        }

        mutating func text(_ field: Field) throws(HistoryLineError) -> FlatJSONScanner.Text {
            guard case .string(let text) = try value(field) else { throw .notString(field.name) }
            return text
        }

        mutating func bool(_ field: Field) throws(HistoryLineError) -> Bool {
            guard case .bool(let flag) = try value(field) else { throw .notBool(field.name) }
            return flag
        }

        mutating func time() throws(HistoryLineError) -> Double {
            let text = try text(.time)
            guard !text.hasEscapes else { throw .time(text: nil, .layout) }
            switch UTCTimestamp.parse(text.raw) {
            case .success(let seconds): return seconds
            case .failure(let failure):
                throw .time(text: String(decoding: text.raw, as: UTF8.self), failure)
            }
        }
    }

    /// The last source id and timbre read, so that a file of answers from one
    /// source and instrument shares one String and one Dictionary instead of making a million.
    package struct RepeatCache {
        private var bytes: [UInt8] = []
        private var text = ""
        private var timbreBytes: [UInt8] = []
        private var timbre: [String: String] = [:]

        mutating func timbre(for object: UnsafeBufferPointer<UInt8>) throws(HistoryLineError) -> [String: String] {
            if !timbreBytes.elementsEqual(object) {
                timbre = try HistoryLine.timbre(in: object)
                timbreBytes = Array(object)
            }
            return timbre
        }

        mutating func string(for source: FlatJSONScanner.Text) throws(HistoryLineError) -> String {
            if source.hasEscapes || !source.equals(bytes) {
                text = try source.decoded()
                bytes = source.hasEscapes ? [] : Array(source.raw)
            }
            return text
        }
    }

    /// Every MIDINote's name as bytes, so the usual line's name is checked without building a String.
    private static let noteNames: [[UInt8]] = MIDINote.validRange.map { Array(MIDINote(number: $0)!.name.utf8) }
}
