extension String {
    /// Left-aligned in a column of `width` characters.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
