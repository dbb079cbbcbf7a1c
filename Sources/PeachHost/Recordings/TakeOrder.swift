/// How `peach record list` orders the takes: newest first (the default),
/// by name, longest first, or largest first, as recorder users asked to.
public enum TakeOrder: String, CaseIterable, Sendable {
    case date, name, length, size

    /// `takes` in this order; ties by start, newest first, so the order is total.
    public func sorted(_ takes: [Take]) -> [Take] {
        takes.sorted { a, b in
            switch self {
            case .date: break
            case .name:
                let (first, second) = (a.name.lowercased(), b.name.lowercased())
                if first != second { return first < second }
            case .length: if a.frames * Int64(b.sampleRate) != b.frames * Int64(a.sampleRate) { return a.seconds > b.seconds }
            case .size: if a.bytes != b.bytes { return a.bytes > b.bytes }
            }
            return (a.startTime, a.name) > (b.startTime, b.name)
        }
    }
}
