import ArgumentParser
import PeachAudio
import PeachHost
import PeachText

/// `peach record play TAKE`: the take through the chosen output (a device,
/// or `--wav FILE`), heard as the engine's monitored input.
struct RecordPlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play", abstract: localized(.helpRecordPlayAbstract),
        discussion: localized(.helpExamples) + """

              peach record play "2026-11-25 14-03-22"
              peach record play Bach --device hw:1
              peach record play Bach --wav copy.wav
            """)

    @Argument(help: ArgumentHelp(localized(.helpRecordTake), valueName: "take"))
    var take: String

    @OptionGroup var recordings: RecordingsOptions
    // Where it goes, and no sound of a source: a take plays as it was recorded.
    @OptionGroup var output: OutputOptions
    @OptionGroup var plugins: PluginPathOptions

    func run() throws {
        let library = try recordings.open()
        let found = try RecordingsOptions.take(take, in: library)
        // The engine's source is a silent stand-in: it is given no notes.
        let source = try plugins.discoverSourcesWarningOfDuplicates().makeInstance(of: SourceCatalog.defaultSourceID)
        // At the take's own rate: the engine plays its input unconverted. The device the settings name, unless --device or --wav.
        let output = try output.openOutput(pacedFile: false, for: source, settings: try SettingsFileOptions.openStandard(),
                                           sampleRate: Double(found.sampleRate))
        StopRequest.install()
        let engine = try AudioEngine(output: output, source: source, pluginLog: .command, interrupt: StopRequest.interrupt, faultWording: { said($0) })
        try engine.attach(input: try SoundFileInput(path: found.path, blockFrames: engine.format.blockFrames), bufferSeconds: 0)
        engine.setMonitorGain(1)
        // Beside the sound, never in it: the sound may be standard output (`--wav -`).
        StandardError.write(localized(.recordPlaying, found.name, TakeLength.text(found.seconds)) + "\n")
        let end = engine.format.frames(seconds: found.seconds)
        var notices: [EngineNotice] = []
        if output.blocksOnDevice {
            engine.start()
            notices = engine.wait(untilRendered: end + Int64(output.latencyFrames))
        } else {
            notices = engine.render(through: end)
        }
        // The take's end is where playing ends, not news.
        try finishRender(engine, output: output, notices: notices.filter { if case .inputEnded = $0 { false } else { true } })
    }
}
