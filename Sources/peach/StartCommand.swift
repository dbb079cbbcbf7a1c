import ArgumentParser
import PeachHost

/// What `peach` alone does: the start page.
struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "The start page: your profile at a glance, and Start (what `peach` alone shows).",
        discussion: """
            Enter or Space starts training; p shows the profile, s the settings, q quits. \
            Every option of `peach train` works here too and applies when you start.
            """)

    @OptionGroup var training: TrainingOptions
    @OptionGroup var screen: ScreenOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var data: DataOptions

    func run() throws {
        let app = try InteractiveApp(training: training, screen: screen, sound: sound, dataDirectory: try data.resolve())
        app.run(beginWithTraining: false).endProcess()
    }
}
