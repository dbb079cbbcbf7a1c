extension BinaryInteger {
    /// The number with leading zeros to `width` digits (`7` → `07`): dates and times as files and lists write them.
    public func zeroPadded(_ width: Int) -> String {
        let digits = String(self)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
