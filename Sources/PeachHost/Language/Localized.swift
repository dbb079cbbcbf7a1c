/// A text of Peach's in the current language, with `%1`, `%2`, … replaced
/// by `arguments` in order, and `{%1:line|lines}` by the word for that count.
public func localized(_ key: TextKey, _ arguments: CustomStringConvertible...) -> String {
    localized(key, in: Language.current, arguments)
}

public func localized(_ key: TextKey, in language: Language, _ arguments: [CustomStringConvertible]) -> String {
    let text = TextCatalog.table(for: language)[key] ?? TextCatalog.english[key] ?? "\(key)"
    // One pass: an argument's own text (a path, a plugin's words) is never
    // taken for a placeholder, and %1 never eats the start of %10.
    var result = "", rest = text[...]
    while let mark = rest.firstIndex(where: { $0 == "%" || $0 == "{" }) {
        result += rest[..<mark]
        if let (word, end) = pluralWord(at: mark, in: rest, arguments) {
            result += word
            rest = rest[end...]
            continue
        }
        let afterMark = rest.index(after: mark)
        let digits = rest[afterMark...].prefix { $0.isASCII && $0.isNumber }
        if rest[mark] == "%", let number = Int(digits), number >= 1, number <= arguments.count {
            result += arguments[number - 1].description
            rest = rest[digits.endIndex...]
        } else {
            result.append(rest[mark])
            rest = rest[afterMark...]
        }
    }
    return result + rest
}

/// `{%N:one|other}`: the word for argument N's count, "one" for exactly 1
/// (English and German agree on that rule), else "other"; and where the
/// text goes on. Nil if `mark` does not start such a choice.
private func pluralWord(at mark: Substring.Index, in text: Substring, _ arguments: [CustomStringConvertible]) -> (String, Substring.Index)? {
    guard let choice = text[mark...].firstMatch(of: /^\{%(\d+):([^|{}]*)\|([^|{}]*)\}/), let number = Int(choice.output.1),
          number >= 1, number <= arguments.count else { return nil }
    let word = arguments[number - 1].description == "1" ? choice.output.2 : choice.output.3
    return (String(word), choice.range.upperBound)
}

extension Language {
    /// A text of Peach's in this language, with `%1`, `%2`, … replaced by `arguments` in order.
    public func text(_ key: TextKey, _ arguments: CustomStringConvertible...) -> String {
        localized(key, in: self, arguments)
    }
}
