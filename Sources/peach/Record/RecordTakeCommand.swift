import ArgumentParser
import FoundationEssentials
import Glibc
import PeachAudio
import PeachHost
import PeachText

/// `peach record` (alone): records a take from the input until a key, the
/// take's length, the input's end or a signal stops it; the take is kept in
/// every case, and a full disk keeps what was written.
struct RecordTakeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: localized(.helpRecordAbstract))

    @Option(help: ArgumentHelp(localized(.helpRecordName), valueName: "name"))
    var name: String?

    @Flag(help: ArgumentHelp(localized(.helpRecordWav)))
    var wav = false

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpRecordSeconds), valueName: localized(.valueNameSeconds)), transform: NumberArgument.seconds.transform)
    var seconds: Double?

    @Flag(help: ArgumentHelp(localized(.helpRecordPlain)))
    var plain = false

    @Flag(help: ArgumentHelp(localized(.helpRecordJSON)))
    var json = false

    @OptionGroup var input: InputOptions
    @OptionGroup var recordings: RecordingsOptions
    @OptionGroup var plugins: PluginPathOptions

    /// Up to a day: a long session, not a runaway.
    static let secondsRange = 0.01...86_400.0

    func validate() throws {
        if let name { _ = try checked { try TakeName.check(name) } }
        if let seconds, !Self.secondsRange.contains(seconds) {
            throw ValidationError(localized(.recordSecondsOutside, seconds.compact, Self.secondsRange.lowerBound.compact, Self.secondsRange.upperBound.compact))
        }
    }

    func run() throws {
        let library = try recordings.open()
        try DataDirectory.create(try recordings.data.resolve())
        let terminal = isatty(STDIN_FILENO) == 1 && !json
        // A file stands in for a device: read in real time when someone watches, as fast as it goes for a script.
        let live = !input.isFile || terminal
        let source = try plugins.discoverSourcesWarningOfDuplicates().makeInstance(of: SourceCatalog.defaultSourceID)
        StopRequest.install()
        // A recorder needs no short latency: blocks of 1,024 frames wake the render thread a quarter as often.
        // The input-device setting; a settings file that does not read stops the take before it starts, as it stops the tuner.
        let settings = input.isFile || input.device != nil ? nil : try SettingsFileOptions.openStandard()
        let opened = try input.open(paced: live, settings: settings, blockFrames: 1024)
        let session = try RecordingSession(input: opened, channel: input.channel == nil ? nil : input.channelIndex, source: source,
                                           library: library, name: name, format: wav ? .wav : .flac, seconds: seconds)
        let finished: FinishedTake
        var endedBy: Int32?
        do {
            if live {
                let screen = RecordScreen(session: session, plain: plain, terminal: terminal)
                finished = try screen.run()
                endedBy = screen.endedBy
            } else {
                do { try session.recordOffline() } catch { throw RecordingStopped(take: try session.finish(afterFailure: true), reason: error) }
                finished = try session.finish()
            }
        } catch let stopped as RecordingStopped {
            report(stopped.take, session: session)
            throw Failure(said(stopped.reason))
        }
        report(finished, session: session)
        input.warnIfCut(opened)
        if let problem = session.inputProblem { throw Failure(said(problem)) }
        // The take is kept; then Peach ends by the signal that stopped it (143 for SIGTERM to a shell), as a screen or a render does.
        if let endedBy { return ScreenExit.ended(signal: endedBy).endProcess() }
        if StopRequest.isRaised { throw ExitCode(StopRequest.exitStatus) }
    }

    /// Says where the take is (or prints it as JSON), and warns of silence and of audio lost.
    private func report(_ take: FinishedTake, session: RecordingSession) {
        let length = TakeLength.text(session.writer.seconds)
        if let asked = take.nameWasTaken { StandardError.warning(localized(.recordNameTakenMeanwhile, asked, take.name)) }
        if session.heardNothing { StandardError.warning(localized(.recordSilent, input.input ?? input.device ?? "default")) }
        if session.droppedFrames > 0 {
            StandardError.warning(localized(.recordDropped, (Double(session.droppedFrames) / session.engine.format.sampleRate).compact))
        }
        if json {
            // The take is kept whatever happens here; its numbers are finite, so the line is always written.
            print((try? CommandJSON.line(Summary(name: take.name, path: take.path, format: take.format.rawValue, seconds: session.writer.seconds,
                                                 frames: session.writer.frames, droppedFrames: session.droppedFrames,
                                                 longestWriteMilliseconds: session.writer.longestWriteSeconds * 1000))) ?? "")
        } else if let reason = take.keptAsWAV {
            print(localized(.recordSavedAsWAV, take.name, length, said(reason), take.path))
        } else {
            print(localized(.recordSaved, take.name, length, take.format.rawValue.uppercased(), take.path))
        }
    }

    /// The take as `--json` prints it: where it is and how the recording went.
    struct Summary: Encodable {
        var name, path, format: String
        var seconds: Double
        var frames: Int64
        var droppedFrames: Int
        var longestWriteMilliseconds: Double
    }
}
