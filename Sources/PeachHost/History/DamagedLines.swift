/// The complete lines of one history file that are not answers Peach can
/// read (a sync tool's damage, a hand edit, a newer Peach's schema). They are
/// left out of every read and never rewritten; `peach history check` lists
/// them and the README says how to repair them.
public struct DamagedLines: Equatable, Sendable {
    public struct Line: Equatable, Sendable {
        /// 1-based, counting every line of the file.
        public var number: Int
        public var reason: HistoryLineError
    }

    public var file: String
    /// The first `kept` damaged lines, in file order.
    public var lines: [Line] = []
    /// How many lines are damaged in all.
    public var count = 0

    /// How many lines a read remembers by number; the rest are only counted.
    public static let kept = 1000

    public init(file: String) {
        self.file = file
    }

    package mutating func add(_ number: Int, _ reason: HistoryLineError) {
        if lines.count < Self.kept { lines.append(Line(number: number, reason: reason)) }
        count += 1
    }
}
