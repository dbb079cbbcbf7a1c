extension String {
    /// In a column of `width` characters: left-aligned, or right-aligned (`left: true` pads on the left) for numbers.
    func padding(_ width: Int, left: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - count))
        return left ? fill + self : self + fill
    }
}
