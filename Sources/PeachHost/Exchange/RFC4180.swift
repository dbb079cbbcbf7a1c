/// CSV as RFC 4180 defines it, read strictly so that a damaged file is
/// reported rather than half-understood: fields separated by commas, records
/// by CRLF (a bare LF is accepted too), a field holding a comma, quote or
/// line break enclosed in double quotes with its quotes doubled.
///
/// (Peach does not use yaslab/CSV.swift here: its reader accepts a stray
/// quote or an unclosed quoted field without an error, swallowing the rest
/// of the file into one field, and reports no positions; and its writer takes
/// about a minute for a million answers, writing one byte per stream call.)
package enum RFC4180 {
    /// Appends one record, ending in CRLF, to `bytes`.
    package static func append(_ fields: [String], to bytes: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(comma) }
            if field.utf8.contains(where: { $0 == comma || $0 == quote || $0 == carriageReturn || $0 == lineFeed }) {
                bytes.append(quote)
                for byte in field.utf8 {
                    if byte == quote { bytes.append(quote) }
                    bytes.append(byte)
                }
                bytes.append(quote)
            } else {
                bytes += field.utf8
            }
        }
        bytes += [carriageReturn, lineFeed]
    }

    package struct SyntaxError: Error, Equatable {
        var line: Int
        var reason: CSVProblem
    }

    /// Calls `receive` with each record's fields and the line it starts on
    /// (1-based), in order. A UTF-8 byte order mark at the start is skipped;
    /// the last record may end without a line break.
    package static func read(_ bytes: UnsafeBufferPointer<UInt8>,
                     receive: (_ line: Int, _ fields: [String]) throws(SyntaxError) -> Void) throws(SyntaxError) {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var fields: [String] = []
        var recordLine = 1
        while index < bytes.count || !fields.isEmpty {
            if fields.isEmpty { recordLine = line }
            let text: String?
            if index < bytes.count, bytes[index] == quote {
                let opened = line
                var content: [UInt8] = []
                index += 1
                while true {
                    guard index < bytes.count else { throw SyntaxError(line: opened, reason: .quoteNeverClosed) }
                    let byte = bytes[index]
                    index += 1
                    if byte == quote {
                        guard index < bytes.count, bytes[index] == quote else { break }
                        index += 1
                    } else if byte == lineFeed {
                        line += 1
                    }
                    content.append(byte)
                }
                text = String(validating: content, as: UTF8.self)
            } else {
                let start = index
                while index < bytes.count, bytes[index] != comma, bytes[index] != lineFeed, bytes[index] != carriageReturn {
                    guard bytes[index] != quote else {
                        throw SyntaxError(line: line, reason: .strayQuote)
                    }
                    index += 1
                }
                text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            }
            guard let text else { throw SyntaxError(line: line, reason: .notUTF8) }
            fields.append(text)
            // What ends the field: a comma, a line break, or the end of the file.
            if index == bytes.count {
                try receive(recordLine, fields)
                fields.removeAll(keepingCapacity: true)
            } else if bytes[index] == comma {
                index += 1  // the next field may be empty, even at the end of the file
            } else if bytes[index] == lineFeed || (bytes[index] == carriageReturn && index + 1 < bytes.count && bytes[index + 1] == lineFeed) {
                index += bytes[index] == carriageReturn ? 2 : 1
                line += 1
                try receive(recordLine, fields)
                fields.removeAll(keepingCapacity: true)
            } else if bytes[index] == carriageReturn {
                throw SyntaxError(line: line, reason: .strayCarriageReturn)
            } else {
                throw SyntaxError(line: line, reason: .textAfterQuote)
            }
        }
    }

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\"")
    private static let carriageReturn = UInt8(ascii: "\r"), lineFeed = UInt8(ascii: "\n")
}
