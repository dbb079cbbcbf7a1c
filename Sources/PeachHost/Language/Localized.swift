/// A text of Peach's in the current language, with `%1`, `%2`, … replaced
/// by `arguments` in order.
public func localized(_ key: TextKey, _ arguments: CustomStringConvertible...) -> String {
    localized(key, in: Language.current, arguments)
}

public func localized(_ key: TextKey, in language: Language, _ arguments: [CustomStringConvertible]) -> String {
    let text = TextCatalog.table(for: language)[key] ?? TextCatalog.english[key] ?? "\(key)"
    // One pass: an argument's own text (a path, a plugin's words) is never
    // taken for a placeholder, and %1 never eats the start of %10.
    var result = "", rest = text[...]
    while let percent = rest.firstIndex(of: "%") {
        result += rest[..<percent]
        let afterPercent = rest.index(after: percent)
        let digits = rest[afterPercent...].prefix { $0.isASCII && $0.isNumber }
        if let number = Int(digits), number >= 1, number <= arguments.count {
            result += arguments[number - 1].description
            rest = rest[digits.endIndex...]
        } else {
            result += "%"
            rest = rest[afterPercent...]
        }
    }
    return result + rest
}

extension Language {
    /// A text of Peach's in this language, with `%1`, `%2`, … replaced by `arguments` in order.
    public func text(_ key: TextKey, _ arguments: CustomStringConvertible...) -> String {
        localized(key, in: self, arguments)
    }
}
