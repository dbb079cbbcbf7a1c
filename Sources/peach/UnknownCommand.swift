import ArgumentParser
import PeachText

/// A word where a command's subcommand goes that names none: `peach stat`
/// was handed to the default subcommand, which called it an unexpected
/// argument under the start page's usage, and `peach help stat` printed the
/// whole help as if asked. This says which word is not a command, the
/// nearest ones (a typing slip or two away, or starting alike) first.
enum UnknownCommand {
    /// The message for the first word of `arguments` (after the commands it
    /// names) that is not a subcommand where one could go; nil if there is none.
    static func message(in arguments: [String]) -> String? {
        var command: any ParsableCommand.Type = Peach.self, words = ["peach"], rest = arguments[...]
        while let word = rest.first, let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) {
            command = next
            rest = rest.dropFirst()
            words.append(word)
        }
        // `help` is the parser's own command everywhere (`peach help help`).
        guard let word = rest.first, !word.hasPrefix("-"), word != "help",
              let said = sentence(word, under: command, named: words.joined(separator: " ")) else { return nil }
        return UsageMessage.text(said, command: command)
    }

    /// That `word` is no subcommand of `command` (called `name`), with the
    /// nearest; nil if `command` has none, or, `onlyNear`, none near. For a
    /// default subcommand's argument mistyped as a command (`peach journal
    /// lst`, which is not a month).
    static func sentence(_ word: String, under command: any ParsableCommand.Type, named name: String, onlyNear: Bool = false) -> String? {
        let names = command.configuration.subcommands.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }
        guard !names.isEmpty else { return nil }
        let near = names.filter { candidate in
            NameLookup.editDistance(candidate, word.lowercased()) <= max(1, word.count / 3) || (word.count >= 2 && candidate.hasPrefix(word.lowercased()))
        }
        if near.isEmpty && onlyNear { return nil }
        return near.isEmpty ? localized(.unknownCommand, word, name, names.joined(separator: ", "))
            : localized(.unknownCommandNear, word, name, near.joined(separator: localized(.orWord)))
    }
}
