import ArgumentParser
import PeachAudio
import PeachHost
import PeachText

/// Which language Peach speaks for this run: `--lang en|de` anywhere on the
/// command line, else the `language` setting, else the locale (LC_ALL,
/// LC_MESSAGES, LANG). Decided before the command line is parsed, so that the
/// help and the parser's errors are in that language too.
enum LanguageChoice {
    /// Removes `--lang CODE` or `--lang=CODE` from `arguments` and decides.
    /// After `--` every word is the user's (`journal add -- --lang is a flag`).
    static func take(from arguments: inout [String]) throws -> Language {
        var code: String?
        let options = arguments.prefix { $0 != "--" }
        if let index = options.firstIndex(where: { $0 == "--lang" || $0.hasPrefix("--lang=") }) {
            if arguments[index] == "--lang" {
                guard index + 1 < arguments.count else { throw ValidationError(localized(.languageMissing)) }
                code = arguments[index + 1]
                arguments.removeSubrange(index...(index + 1))
            } else {
                code = String(arguments[index].dropFirst("--lang=".count))
                arguments.remove(at: index)
            }
        }
        if let code {
            guard !code.isEmpty else { throw ValidationError(localized(.languageMissing)) }
            guard let language = Language(code: code), code.count == 2 || code.contains("_") else {
                throw ValidationError(localized(.languageUnknown, code))
            }
            return language
        }
        // A settings file that cannot be read is reported by the command that reads it.
        if let path = try? SettingsStore.defaultPath(), let settings = try? SettingsStore(path: path),
           let language = Language(code: settings.text(.language)) {
            return language
        }
        return Language.fromEnvironment()
    }
}
