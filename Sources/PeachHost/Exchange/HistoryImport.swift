import Glibc
import PeachFiles
import PeachHistory
import PeachTraining

/// `peach import FILE`: answers from a CSV made by `peach export --csv` or
/// from a history JSON-lines file, merged into the data folder.
///
/// - All or nothing: every row is checked before anything is written, and
///   the new answers go into one file written atomically (see
///   `HistoryStore.addImported`).
/// - Without duplicates: an answer is left out when the history (any
///   machine's file) or the imported file already holds one that would be
///   written as the same line: the same time to the millisecond, key,
///   frequencies, answer, response time, source and so on. So importing a
///   file twice changes nothing.
/// - It takes the training lock, so it never races a training session of
///   this machine; afterwards it writes the profile snapshot.
public enum HistoryImport {
    public struct Outcome: Equatable, Sendable {
        /// Answers in the file.
        public var read: Int
        /// Answers new to the history, now added.
        public var added: Int
        /// Where they were written; nil if there was nothing new.
        public var file: String?
        /// What reading the history found that did not stop the import.
        public var warnings: [HistoryWarning]
        /// Why the profile snapshot was not updated, if it was not (it is rebuilt when needed).
        public var staleSnapshot: TrainingDataError?
    }

    public static func run(_ path: String, dataDirectory: String, now: Double = PersistentTraining.currentTime()) throws(ImportError) -> Outcome {
        // The file is read and checked before the data folder is touched at all.
        let (incoming, fileWarnings) = try answers(inFile: path, now: now)
        let store: HistoryStore
        let existing: HistoryRead
        do {
            store = try HistoryStore(directory: dataDirectory)
            try store.lockForTraining()
            existing = try store.readAll()
        } catch {
            throw .history(error)
        }
        let new = unseen(incoming, existing: existing.answers)
        var outcome = Outcome(read: incoming.count, added: new.count, file: nil, warnings: fileWarnings + existing.warnings, staleSnapshot: nil)
        guard !new.isEmpty else { return outcome }
        do { outcome.file = try store.addImported(new, now: now) } catch { throw .history(error) }
        do throws(TrainingDataError) {
            // The history now holds exactly these answers: no need to read it again.
            let all = AnswerMerge.inTimeOrder([existing.answers, new], time: \.time)
            let history = EvidenceRead(evidence: all.map(AnswerEvidence.init), latest: all.last, warnings: [])
            let report = try PersistentTraining.currentReport(store: store, history: history).report
            let json: String
            do { json = try report.json(pretty: true) } catch { throw .unwritableProfile(error) }
            do { try store.writeSnapshot(Array(json.utf8)) } catch { throw .history(error) }
        } catch {
            outcome.staleSnapshot = error
        }
        return outcome
    }

    /// Every answer in the file at `path` (its bytes are let go once read), and what was skipped.
    package static func answers(inFile path: String, now: Double) throws(ImportError) -> (answers: [TrainingAnswer], warnings: [HistoryWarning]) {
        let bytes: [UInt8]
        do { bytes = try PosixFile.contents(of: path) } catch { throw .history(error) }
        let (answers, warnings) = try answers(in: bytes, file: path)
        // A moment Peach has not reached cannot be one it played at (a clock a day wrong is still taken).
        if let line = answers.firstIndex(where: { $0.time > now + Self.clockSlack }) {
            throw .fromTheFuture(file: path, answer: line + 1, time: answers[line].time)
        }
        return (answers, warnings)
    }

    /// How far ahead of this machine's clock another machine's may be.
    static let clockSlack = 86_400.0

    /// Every answer in a CSV or JSON-lines file, or the first problem. A file
    /// whose first character (after white space) is `{` is read as JSON lines.
    package static func answers(in bytes: [UInt8], file: String) throws(ImportError) -> (answers: [TrainingAnswer], warnings: [HistoryWarning]) {
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0D, 0x0A].contains($0) }) else { throw .empty(file: file) }
        return try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ImportError) in first == UInt8(ascii: "{") ? try jsonLines(buffer, file: file) : (try csv(buffer, file: file), []) }
        }.get()
    }

    /// A last line cut off without its newline (a history file copied while it
    /// was written, mid-sync) is skipped and said, as the history's own reading does.
    private static func jsonLines(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(ImportError) -> ([TrainingAnswer], [HistoryWarning]) {
        var answers: [TrainingAnswer] = []
        var start = 0, line = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            line += 1
            let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if !text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                do { answers.append(try HistoryLine.decode(text)) } catch {
                    if end == bytes.count { return (answers, [.tornTail(path: file, bytes: text.count)]) }
                    throw .malformed(file: file, line: line, reason: .jsonLine(error))
                }
            }
            start = end + 1
        }
        return (answers, [])
    }

    private static func csv(_ bytes: UnsafeBufferPointer<UInt8>, file: String) throws(ImportError) -> [TrainingAnswer] {
        var answers: [TrainingAnswer] = []
        var header: HistoryCSV.Header?
        do throws(RFC4180.SyntaxError) {
            try RFC4180.read(bytes) { (line, fields) throws(RFC4180.SyntaxError) in
                do throws(CSVProblem) {
                    if let header {
                        if fields != [""] { answers.append(try HistoryCSV.answer(fields, header: header)) }  // blank lines pass
                    } else {
                        header = try HistoryCSV.Header(fields)
                    }
                } catch {
                    throw RFC4180.SyntaxError(line: line, reason: error)
                }
            }
        } catch {
            throw .malformed(file: file, line: error.line, reason: .csv(error.reason))
        }
        return answers
    }

    /// The answers of `incoming` that neither `existing` (in time order) nor
    /// an earlier answer of `incoming` holds, in time order (ties keep their
    /// order). Only answers of the same millisecond are compared, so this costs
    /// little beyond a sort.
    package static func unseen(_ incoming: [TrainingAnswer], existing: [TrainingAnswer]) -> [TrainingAnswer] {
        let millisecond = { (answer: TrainingAnswer) in HistoryLine.millisecond(answer.time) }
        let ordered = zip(incoming, incoming.dropFirst()).allSatisfy { $0.time <= $1.time } ? incoming
            : incoming.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        var result: [TrainingAnswer] = []
        result.reserveCapacity(ordered.count)
        var old = existing.startIndex, groupStart = 0
        for answer in ordered {
            let time = millisecond(answer)
            if result.last.map(millisecond) != time { groupStart = result.count }
            while old < existing.endIndex, millisecond(existing[old]) < time { old += 1 }
            var same = old
            var seen = false
            while !seen, same < existing.endIndex, millisecond(existing[same]) == time {
                seen = HistoryLine.sameLine(existing[same], answer)
                same += 1
            }
            if !seen, !result[groupStart...].contains(where: { HistoryLine.sameLine($0, answer) }) { result.append(answer) }
        }
        return result
    }
}
