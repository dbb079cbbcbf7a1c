import ArgumentParser
import Glibc
import PeachHost

@main
struct Peach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: "Train your ear to hear small differences in pitch.",
        discussion: """
            Peach plays two notes in a row and you say whether the second was higher \
            or lower. Sounds come from sound-source plugins: list them with \
            `peach sources`, try one with `peach play A4 --source org.peach.sine`.
            """,
        version: PeachVersion.current,
        subcommands: [StartCommand.self, TrainCommand.self, ProfileCommand.self, StatsCommand.self, SettingsCommand.self, ExportCommand.self,
                      ImportCommand.self, SourcesCommand.self, PlayCommand.self, PluginProbeCommand.self],
        defaultSubcommand: StartCommand.self)

    static func main() {
        // A closed pipe (a WAV reader gone, `peach sources | head`) shows as an
        // EPIPE error where it happens instead of killing Peach silently.
        signal(SIGPIPE, SIG_IGN)
        var arguments = Array(CommandLine.arguments.dropFirst())
        do {
            Language.current = try LanguageChoice.take(from: &arguments)
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            // The parser's own message, with its framing words in Peach's language.
            let message = ParserText.translate(fullMessage(for: error))
            let code = exitCode(for: error)
            if code == .success {
                print(message)
            } else if !message.isEmpty {
                StandardError.write(message + "\n")
            }
            Glibc.exit(code.rawValue)
        }
    }
}
