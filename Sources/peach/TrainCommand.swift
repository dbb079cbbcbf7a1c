import ArgumentParser
import FoundationEssentials
import Glibc
import PeachAudio
import PeachDrone
import PeachHost
import PeachMetronome
import PeachSupport
import PeachText

struct TrainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "train",
        abstract: localized(.helpTrainAbstract),
        usage: CommandUsage.lines([("peach train", [ScreenOptions.self, BackdropOptions.self, TrainingOptions.self, SoundOptions.self, DataOptions.self]),
                                   ("peach train --headless [--no-audio]", [TrainingOptions.self, SoundOptions.self, DataOptions.self])]),
        discussion: localized(.helpTrainDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach train
              peach train --range C3-C5 --style 1
              peach train --source org.peach.fluid --option program=Flute
              peach train --drone D3 --metronome 60
              peach train --headless --no-audio --seed 1
            """)

    @Flag(help: ArgumentHelp(localized(.helpTrainHeadless)))
    var headless = false

    @Flag(name: .customLong("no-audio"), help: ArgumentHelp(localized(.helpTrainNoAudio)))
    var noAudio = false

    @OptionGroup var backdrop: BackdropOptions
    @OptionGroup var training: TrainingOptions
    @OptionGroup var screen: ScreenOptions
    @OptionGroup var sound: SoundOptions
    @OptionGroup var data: DataOptions

    func validate() throws {
        guard headless || !noAudio else { throw ValidationError(localized(.trainNoAudioNeedsHeadless)) }
        guard !headless || !screen.plain else { throw ValidationError(localized(.trainHeadlessOrPlain)) }
        guard !headless || backdrop.isEmpty else { throw ValidationError(localized(.trainBackdropHeadless)) }
        try sound.output.checkStandardOutput(isUsedBy: headless ? "--headless" : localized(.theScreen))
        _ = try backdrop.checkedBackdrop()
    }

    func run() throws {
        guard headless else {
            let app = try InteractiveApp(training: training, screen: screen, sound: sound, dataDirectory: try data.resolve(),
                                         under: try backdrop.checkedBackdrop())
            app.run(beginWithTraining: true).endProcess()
            return
        }
        // The protocol owns standard output; whatever a plugin prints goes to standard error.
        StandardOutput.reserveForPeach()
        // Each answer is on disk before its feedback: a plugin that crashes Peach loses none.
        EmergencyStop.setClosingWords(localized(.pluginFaultAnswersSaved))
        let session = try training.openTraining(dataDirectory: try data.resolve(), reference: sound.reference(nil), settings: nil)
        session.warnings.forEach { StandardError.warning(said($0)) }
        let player = noAudio ? nil : try makePlayer()
        defer { try? player?.engine.stop() }
        try HeadlessSession(training: session, player: player, sourceID: sound.sourceID(nil), noteSeconds: training.noteSeconds(nil)).run()
        try session.close()
    }

    private func makePlayer() throws -> PairPlayer {
        // A WAV file is written in real time here, so timing behaves as on a sound card.
        // A wrong source or option is reported before any device is opened.
        let source = try sound.makeSource(from: sound.plugins.discoverSourcesWarningOfDuplicates().pitchedOnly, settings: nil)
        let engine = try AudioEngine(output: try sound.output.openOutput(pacedFile: true, for: source), source: source, pluginLog: .command, faultWording: { said($0) })
        engine.start()
        return PairPlayer(engine: engine, noteSeconds: training.noteSeconds(nil), pauseSeconds: training.pauseSeconds(nil))
    }
}
