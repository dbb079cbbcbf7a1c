import ArgumentParser
import PeachAudio
import PeachHost
import PeachText

/// What `peach` alone does: the start page.
struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: localized(.helpStartAbstract),
        usage: CommandUsage.lines([("peach [start]", [ScreenOptions.self, TrainingOptions.self, SoundOptions.self, DataOptions.self])]),
        discussion: localized(.helpStartDiscussion))

    @OptionGroup var training: TrainingOptions
    @OptionGroup var screen: ScreenOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var data: DataOptions

    func validate() throws {
        try sound.checkStandardOutput(isUsedBy: localized(.theScreen))
    }

    func run() throws {
        let app = try InteractiveApp(training: training, screen: screen, sound: sound, dataDirectory: try data.resolve())
        app.run(beginWithTraining: false).endProcess()
    }
}
