/// How `peach record list` orders the takes: newest first (the default),
/// by name, longest first, or largest first, as recorder users asked to.
public enum TakeOrder: String, CaseIterable, Sendable {
    case date, name, length, size

    /// `takes` in this order; ties in the library's own (`Take.isNewer`), so the order is total.
    public func sorted(_ takes: [Take]) -> [Take] {
        takes.sorted { a, b in
            switch self {
            case .date: break
            case .name:
                let (first, second) = (a.name.lowercased(), b.name.lowercased())
                if first != second { return first < second }
            case .length: if a.seconds != b.seconds { return a.seconds > b.seconds }
            case .size: if a.bytes != b.bytes { return a.bytes > b.bytes }
            }
            return Take.isNewer(a, than: b)
        }
    }
}
