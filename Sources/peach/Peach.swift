import ArgumentParser
import Glibc
import PeachAudio
import PeachHost
import PeachMessages
import PeachSupport
import PeachText

@main
struct Peach: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach",
        abstract: localized(.helpPeachAbstract),
        discussion: localized(.helpPeachDiscussion),
        version: PeachVersion.current,
        subcommands: [StartCommand.self, TrainCommand.self, ProfileCommand.self, StatsCommand.self, SettingsCommand.self, ExportCommand.self,
                      ImportCommand.self, HistoryCommand.self, SourcesCommand.self, DevicesCommand.self, PlayCommand.self,
                      DroneCommand.self, MetronomeCommand.self, TunerCommand.self, RecordCommand.self, JournalCommand.self, GridCommand.self,
                      PluginProbeCommand.self, PluginBridgeCommand.self, ManualCommand.self],
        defaultSubcommand: StartCommand.self)

    static func main() {
        // A closed pipe (a WAV reader gone, `peach sources | head`) shows as an
        // EPIPE error where it happens instead of killing Peach silently.
        signal(SIGPIPE, SIG_IGN)
        // A file size limit (ulimit -f) shows as an EFBIG error on the write that meets it, which stops training cleanly.
        signal(SIGXFSZ, SIG_IGN)
        // Started with standard input (or output, or error) closed: the next file opened would take its number, and
        // the signal pipe read as the keyboard kept training going for ever. /dev/null, opened only for reading, stands
        // in: input ends as for `< /dev/null`, and a write to output still fails (EBADF), so an export is not lost unsaid.
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            _ = open("/dev/null", O_RDONLY)
        }
        var arguments = Array(CommandLine.arguments.dropFirst())
        do {
            Language.current = try LanguageChoice.take(from: &arguments)
            if let paths = PluginProbeCommand.directPaths(arguments) {
                PluginProbeCommand.probe(paths)
                return
            }
            // `peach help stat` would print the whole help, as if asked for it.
            if arguments.first == "help", let unknown = UnknownCommand.message(in: Array(arguments.dropFirst())) { exitWithUsageError(unknown) }
            var command: any ParsableCommand
            do { command = try parseAsRoot(SettingsSetCommand.protectingNegativeValue(arguments)) } catch {
                // `peach stat`: a word where a command goes, which the default command took for an argument.
                if message(for: error).lowercased().contains("unexpected argument"), let unknown = UnknownCommand.message(in: arguments) { exitWithUsageError(unknown) }
                // An option the command does not have is said before what its values got wrong.
                // Not for what the parser ends with on purpose (help, a completion script) or an unknown option it names itself.
                guard exitCode(for: error) != .success, !message(for: error).hasPrefix("Unknown option"),
                      let unknown = UnknownOption.message(in: arguments) else { throw error }
                exitWithUsageError(unknown)
            }
            // A usage error found while running, framed with this command's usage (the parser would show the root's).
            do { try command.run() } catch let error as ValidationError {
                exitWithUsageError(UsageMessage.text(error.message, command: type(of: command)))
            }
        } catch {
            // Peach's own errors in its words; the parser's own message, with its framing words in Peach's language.
            let error: any Error = error is any Worded ? Failure(said(error)) : error
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

    /// A usage error framed by `UsageMessage`, in the current language, and the parser's exit status for one.
    /// A usage error framed by `UsageMessage` (another command's usage than the one parsing), said and the program ended.
    static func exitWithUsageError(_ message: String) -> Never {
        StandardError.write(ParserText.translate(message) + "\n")
        Glibc.exit(ExitCode.validationFailure.rawValue)
    }
}
