import Glibc
import PeachFiles
import PeachTraining

/// Reads the answers of one history file from a byte offset onwards, a chunk
/// at a time, so even a million-answer file never sits in memory whole.
package enum HistoryFileReader {
    package struct FileRead<Element> {
        var answers: [Element] = []
        /// The answer with the latest time, in full.
        var latest: TrainingAnswer?
        /// Set when the file ends in a fragment without a newline, which is skipped.
        var warning: HistoryWarning?
        /// Complete lines that are not answers, left out.
        var damaged: DamagedLines
        /// The offset just past the last complete line.
        var consumed: Int
    }

    package static let chunkBytes = 1 << 20

    /// Every answer in `path` after byte `offset` (which must be 0 or just past
    /// a newline). A complete line that is not an answer is left out and
    /// noted in `damaged` with its number; a last line without a newline is an answer if it is a whole one,
    /// else (torn by a crash, or still being written or synchronised) it is
    /// skipped with a warning.
    /// `keep` turns each answer into what the caller stores (the whole answer,
    /// or only what the profile needs, which takes a quarter of the memory).
    package static func read<Element>(_ path: String, from offset: Int = 0, keep: (TrainingAnswer) -> Element) throws(HistoryError) -> FileRead<Element> {
        let file = try PosixFile(path, flags: O_RDONLY | PosixFile.inDataFolder)
        var result = FileRead<Element>(damaged: DamagedLines(file: path), consumed: offset)
        var linesBeforeOffset: Int?  // counted only when a damaged line needs its number
        result.answers.reserveCapacity(max(0, try file.size() - offset) / 200)
        var buffer = [UInt8](repeating: 0, count: chunkBytes)
        var bufferOffset = offset  // where buffer[0] is in the file
        var filled = 0
        var linesRead = 0
        var sources = HistoryLine.RepeatCache()
        while true {
            if filled == buffer.count {
                // A chunk without a line's end is no answer (one is a few hundred bytes): it is skipped to its end, never
                // held whole (a planted 2 GB file without newlines took 6 GB of memory and 25 s).
                linesRead += 1
                guard let next = try offsetAfterNewline(in: file, from: bufferOffset + filled) else {
                    result.warning = .tornTail(path: path, bytes: try file.size() - bufferOffset)
                    return result
                }
                if linesBeforeOffset == nil { linesBeforeOffset = try linesBefore(offset, in: file) }
                result.damaged.add(linesBeforeOffset! + linesRead, .tooLong(bytes: next - 1 - bufferOffset))
                (bufferOffset, filled, result.consumed) = (next, 0, next)
            }
            let wanted = buffer.count - filled
            let got = try file.read(into: &buffer, filled..<buffer.count, at: bufferOffset + filled)
            filled += got
            let lineEnd = try buffer.withUnsafeBufferPointer { bytes in
                Result { () throws(HistoryError) in
                    try decodeLines(UnsafeBufferPointer(rebasing: bytes[..<filled]), sources: &sources, linesRead: &linesRead, receive: { answer in
                        if answer.time >= result.latest?.time ?? -.infinity { result.latest = answer }
                        result.answers.append(keep(answer))
                    }) {
                        (line, error) throws(HistoryError) in
                        if linesBeforeOffset == nil { linesBeforeOffset = try linesBefore(offset, in: file) }
                        result.damaged.add(linesBeforeOffset! + line, error)
                    }
                }
            }.get()
            result.consumed = bufferOffset + lineEnd
            if got < wanted {
                if lineEnd < filled {
                    // A whole answer that only lacks its newline (a file cut at a line's end) counts; a fragment is skipped.
                    let last = buffer.withUnsafeBufferPointer { bytes in
                        try? HistoryLine.decode(UnsafeBufferPointer(rebasing: bytes[lineEnd..<filled]), sources: &sources)
                    }
                    if let last {
                        if last.time >= result.latest?.time ?? -.infinity { result.latest = last }
                        result.answers.append(keep(last))
                        result.consumed = bufferOffset + filled
                    } else {
                        result.warning = .tornTail(path: path, bytes: filled - lineEnd)
                    }
                }
                return result
            }
            buffer.withUnsafeMutableBytes { bytes in _ = memmove(bytes.baseAddress!, bytes.baseAddress! + lineEnd, filled - lineEnd) }
            bufferOffset += lineEnd
            filled -= lineEnd
        }
    }

    /// Decodes each complete line in `bytes`; returns the offset past the last newline.
    /// Blank lines are passed over; `skip` hears of each line that is not an answer.
    private static func decodeLines(_ bytes: UnsafeBufferPointer<UInt8>, sources: inout HistoryLine.RepeatCache, linesRead: inout Int,
                                    receive: (TrainingAnswer) -> Void,
                                    skip: (_ line: Int, HistoryLineError) throws(HistoryError) -> Void) throws(HistoryError) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var start = 0
        while start < bytes.count, let newline = memchr(base + start, 0x0A, bytes.count - start) {
            let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            linesRead += 1
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if !isBlank(line) {
                do {
                    receive(try HistoryLine.decode(line, sources: &sources))
                } catch {
                    try skip(linesRead, error)
                }
            }
            start = end + 1
        }
        return start
    }

    /// The offset just past the first newline at or after `position`; nil if the file ends first.
    private static func offsetAfterNewline(in file: borrowing PosixFile, from position: Int) throws(HistoryError) -> Int? {
        var chunk = [UInt8](repeating: 0, count: chunkBytes)
        var position = position
        while true {
            let got = try file.read(into: &chunk, 0..<chunk.count, at: position)
            guard got > 0 else { return nil }
            let index = chunk.withUnsafeBytes { bytes in memchr(bytes.baseAddress!, 0x0A, got).map { bytes.baseAddress!.distance(to: $0) } }
            if let index { return position + index + 1 }
            position += got
        }
    }

    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        line.first != UInt8(ascii: "{") && line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// How many lines end before `offset`: only needed to number an error.
    private static func linesBefore(_ offset: Int, in file: borrowing PosixFile) throws(HistoryError) -> Int {
        var count = 0
        var position = 0
        var chunk = [UInt8](repeating: 0, count: min(offset, chunkBytes))
        while position < offset {
            let wanted = min(chunk.count, offset - position)
            let got = try file.read(into: &chunk, 0..<wanted, at: position)
            guard got > 0 else { break }
            count += chunk[..<got].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            position += got
        }
        return count
    }
}
