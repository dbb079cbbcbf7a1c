/// A text of Peach's in the current language, with `%1`, `%2`, … replaced
/// by `arguments` in order.
public func localized(_ key: TextKey, _ arguments: CustomStringConvertible...) -> String {
    localized(key, in: Language.current, arguments)
}

public func localized(_ key: TextKey, in language: Language, _ arguments: [CustomStringConvertible]) -> String {
    var text = TextCatalog.table(for: language)[key] ?? TextCatalog.english[key] ?? "\(key)"
    // Highest first, so %1 does not eat the start of %10.
    for (index, argument) in arguments.enumerated().reversed() {
        text = text.replacing("%\(index + 1)", with: argument.description)
    }
    return text
}
