extension Collection where Element == Double {
    /// The middle value (the mean of the two middle ones for an even count); nil when empty.
    public var median: Double? {
        guard !isEmpty else { return nil }
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
