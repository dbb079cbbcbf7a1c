extension Double {
    /// `5` rather than `5.0`, `0.25` as is, with the decimal separator of the
    /// language Peach speaks (`0,25` in German). For people to read, never
    /// for files: JSON and CSV always write `0.25`.
    public var compact: String { compact(in: Language.current) }

    /// `compact` with `language`'s decimal separator.
    public func compact(in language: Language) -> String {
        let text = self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
        let separator = language.decimalSeparator
        return separator == "." ? text : String(text.map { $0 == "." ? separator : $0 })
    }
}
