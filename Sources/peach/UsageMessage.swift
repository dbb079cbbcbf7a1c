import ArgumentParser

/// A usage error laid out as swift-argument-parser lays out its own (the
/// error, the command's usage, where its help is), for the errors it cannot
/// frame itself: an unknown option it would have named second
/// (`UnknownOption`), and a usage error found while running, when a preset
/// or the last setup meets the options given (it would show the root's
/// usage, `peach <subcommand>`). English; `ParserText` translates it.
enum UsageMessage {
    static func text(_ problem: String, command: any ParsableCommand.Type) -> String {
        // Continued usage lines indented under the first, as the parser does.
        let usage = Peach.usageString(for: command).replacing("\n", with: "\n       ")
        let words = path(to: command)?.joined(separator: " ") ?? "peach"
        return "Error: \(problem)\nUsage: \(usage)\n  See '\(words) --help' for more information."
    }

    /// The words that call `target`: `peach record start`.
    private static func path(to target: any ParsableCommand.Type, from command: any ParsableCommand.Type = Peach.self,
                             words: [String] = ["peach"]) -> [String]? {
        if ObjectIdentifier(command) == ObjectIdentifier(target) { return words }
        for next in command.configuration.subcommands {
            if let found = path(to: target, from: next, words: words + [next.configuration.commandName ?? ""]) { return found }
        }
        return nil
    }
}
