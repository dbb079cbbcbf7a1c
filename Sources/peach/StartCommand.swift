import ArgumentParser
import PeachAudio
import PeachHost
import PeachText

/// What `peach` alone does: the start page.
struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: localized(.helpStartAbstract),
        usage: CommandUsage.lines([("peach [start]", [ScreenOptions.self, BackdropOptions.self, TrainingOptions.self, SoundOptions.self, DataOptions.self])]),
        discussion: localized(.helpStartDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach
              peach start --plain
              peach start --range C3-C5 --drone D3
            """)

    @OptionGroup var screen: ScreenOptions
    @OptionGroup var backdrop: BackdropOptions
    @OptionGroup var training: TrainingOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var data: DataOptions

    func validate() throws {
        try sound.output.checkStandardOutput(isUsedBy: localized(.theScreen))
        _ = try backdrop.checkedBackdrop()
    }

    func run() throws {
        let app = try InteractiveApp(training: training, screen: screen, sound: sound, dataDirectory: try data.resolve(),
                                     under: try backdrop.checkedBackdrop())
        app.run(beginWithTraining: false).endProcess()
    }
}
