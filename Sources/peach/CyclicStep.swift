extension Array {
    /// The element `step` places from `index`, going round past either end: what a ←/→ key cycles through.
    func element(_ step: Int, from index: Int) -> Element {
        self[((index + step) % count + count) % count]
    }
}
