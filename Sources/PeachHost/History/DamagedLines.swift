import PeachText
/// The complete lines of one history file that are not answers Peach can
/// read (a sync tool's damage, a hand edit, a newer Peach's schema). They are
/// left out of every read and never rewritten; `peach history check` lists
/// them and the README says how to repair them.
public struct DamagedLines: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        /// 1-based, counting every line of the file.
        public var number: Int
        public var reason: String
    }

    public var file: String
    /// The first `kept` damaged lines, in file order.
    public var lines: [Line] = []
    /// How many lines are damaged in all.
    public var count = 0

    /// How many lines a read remembers by number; the rest are only counted.
    public static let kept = 1000
    /// How many a warning names before it only counts the rest.
    public static let named = 3

    public init(file: String) {
        self.file = file
    }

    package mutating func add(_ number: Int, _ reason: String) {
        if lines.count < Self.kept { lines.append(Line(number: number, reason: reason)) }
        count += 1
    }

    /// One warning for every command until the lines are mended: the file,
    /// how many, the first few with their reasons, and where to look.
    public var warning: String {
        let named = lines.prefix(Self.named).map { localized(.historyDamagedLine, $0.number, $0.reason) }
        let rest = count - named.count
        return localized(.historyDamagedLines, file, count,
                         (named + (rest > 0 ? [localized(.historyDamagedMore, rest)] : [])).joined(separator: "; "))
    }
}
