import Glibc
import PeachSupport

/// A scale in the Scala format (`.scl`), as tuners and synthesizers share
/// temperaments: `!` comment lines, a description line, the number of
/// degrees, then each degree above the first, in cents (a number with a
/// point, `390.225`) or as a ratio (`5/4`, `2`); anything after the value on
/// its line is a comment. The last degree is the period, usually 2/1.
/// See https://www.huygens-fokker.org/scala/scl_format.html.
public struct ScalaScale: Equatable, Sendable {
    public var description: String
    /// Each degree above the first, in cents; the last is the period.
    public var degrees: [Double]

    public init(description: String, degrees: [Double]) {
        self.description = description
        self.degrees = degrees
    }

    /// Lines after the count are ignored, as Scala ignores them.
    public init(parsing text: String) throws(ScalaParseError) {
        // Line numbers from 1, comments skipped; a Windows line end (one Character, "\r\n") is a newline too.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
            .map { (number: $0.offset + 1, text: String($0.element)) }
            .filter { !$0.text.hasPrefix("!") }
        guard let first = lines.first, lines.count > 1 || !first.text.trimmingWhitespace().isEmpty else { throw .empty }
        description = first.text.trimmingWhitespace()
        guard lines.count > 1, let countWord = Self.firstWord(lines[1].text), let count = Int(countWord), count >= 0 else {
            throw .noCount(line: lines.count > 1 ? lines[1].number : first.number + 1)
        }
        // The description may be blank; among the pitches a blank line is no pitch (a file's last newline, say).
        let pitchLines = lines.dropFirst(2).filter { !$0.text.trimmingWhitespace().isEmpty }.prefix(count)
        degrees = []
        for line in pitchLines {
            guard let word = Self.firstWord(line.text), let cents = Self.cents(word) else { throw .badPitch(line: line.number, text: line.text) }
            degrees.append(cents)
        }
        guard degrees.count == count else { throw .missingDegrees(expected: count, found: degrees.count) }
    }

    private static func firstWord(_ line: String) -> String? {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
    }

    /// `390.225` (cents), `5/4` or `3` (a ratio); nil for anything else, a ratio not above zero too.
    private static func cents(_ word: String) -> Double? {
        if word.contains(".") { return word.writtenNumber }
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let numerator = Double(parts[0]), let denominator = parts.count == 2 ? Double(parts[1]) : 1,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }), numerator > 0, denominator > 0 else { return nil }
        return 1200 * log2(numerator / denominator)
    }
}

/// Why a text is not a Scala scale, with the line (from 1) where it went wrong.
public enum ScalaParseError: Error, Equatable, Sendable {
    /// Nothing but comments.
    case empty
    /// The line after the description is not a number of degrees.
    case noCount(line: Int)
    /// The file ends before all the degrees its count promised.
    case missingDegrees(expected: Int, found: Int)
    /// Neither cents (with a point) nor a ratio above zero.
    case badPitch(line: Int, text: String)
}
