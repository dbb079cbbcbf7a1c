import ArgumentParser
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
        subcommands: [TrainCommand.self, ProfileCommand.self, StatsCommand.self, ExportCommand.self, ImportCommand.self,
                      SourcesCommand.self, PlayCommand.self, PluginProbeCommand.self])
}
