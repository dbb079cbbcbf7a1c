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
        let names = command.configuration.subcommands.filter { $0.configuration.shouldDisplay }.compactMap { $0.configuration.commandName }
        guard let word = rest.first, !word.hasPrefix("-"), !names.isEmpty else { return nil }
        let near = names.filter { name in
            NameLookup.editDistance(name, word.lowercased()) <= max(1, word.count / 3) || (word.count >= 2 && name.hasPrefix(word.lowercased()))
        }
        let said = near.isEmpty ? localized(.unknownCommand, word, words.joined(separator: " "), names.joined(separator: ", "))
            : localized(.unknownCommandNear, word, words.joined(separator: " "), near.joined(separator: localized(.orWord)))
        return UsageMessage.text(said, command: command)
    }
}
