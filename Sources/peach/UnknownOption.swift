import ArgumentParser
import FoundationEssentials

/// swift-argument-parser checks a command's values (its `validate`, its
/// transforms) before it looks for options the command does not have, so
/// `peach grid --scale major` was told that "major" is not a root rather than
/// that grid has no --scale. When parsing fails, the long options given are
/// checked against the command's own (from its help dump), and the first it
/// does not have is said instead, in the parser's words (`UsageMessage`).
enum UnknownOption {
    /// The message for the first option `arguments` give that their command
    /// does not have; nil if the command has them all.
    static func message(in arguments: [String]) -> String? {
        guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(Peach._dumpHelp().utf8)) else { return nil }
        var command: any ParsableCommand.Type = Peach.self, described = dump.command, rest = arguments[...]
        // Down the subcommands named, and the default one where none is (`peach --plain` is `peach start --plain`).
        while true {
            let named = rest.first.flatMap { word in command.configuration.subcommands.first { $0.configuration.commandName == word } }
            guard let next = named ?? command.configuration.defaultSubcommand, let name = next.configuration.commandName,
                  let nextDescribed = described.subcommands?.first(where: { $0.commandName == name }) else { break }
            if named != nil { rest = rest.dropFirst() }
            (command, described) = (next, nextDescribed)
        }
        let known = Set((described.arguments ?? []).flatMap { $0.names ?? [] }.filter { $0.kind == "long" }.map(\.name))
        for word in rest.prefix(while: { $0 != "--" }) where word.hasPrefix("--") && word.count > 2 {
            let name = String(word.dropFirst(2).prefix { $0 != "=" })
            guard !known.contains(name) else { continue }
            return UsageMessage.text("Unknown option '--\(name)'", command: command)
        }
        return nil
    }

    /// What of the parser's help dump is read here: each command's name, its subcommands and its options' names.
    private struct Dump: Decodable {
        struct Command: Decodable {
            var commandName: String
            var subcommands: [Command]?
            var arguments: [Argument]?
        }
        struct Argument: Decodable {
            var names: [Name]?
        }
        struct Name: Decodable {
            var kind: String
            var name: String
        }
        var command: Command
    }
}
