extension Double {
    /// `5` rather than `5.0`, `0.25` as is.
    public var compact: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
