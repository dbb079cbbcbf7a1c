import PeachSupport

/// The language Peach speaks: English or German, for every message, label,
/// help text and error of its own. Plugins' own texts stay as they wrote them.
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case german = "de"

    /// Set once at start, before anything is said.
    nonisolated(unsafe) public static var current = Language.english

    /// The decimal separator numbers are shown with: 4.2 in English, 4,2 in German.
    public var decimalSeparator: Character { self == .german ? "," : "." }

    /// A code such as `de`, `de_AT.UTF-8` or `en_GB`; nil if Peach does not speak it.
    public init?(code: String) {
        let prefix = code.lowercased().prefix(2)
        guard let language = Language(rawValue: String(prefix)) else { return nil }
        self = language
    }

    /// The first of LC_ALL, LC_MESSAGES and LANG that is set decides, as
    /// POSIX orders them; a language Peach does not speak means English.
    public static func fromEnvironment(_ environment: [String: String] = Environment.current) -> Language {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[variable], !value.isEmpty else { continue }
            return Language(code: value) ?? .english
        }
        return .english
    }
}
