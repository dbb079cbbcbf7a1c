import ArgumentParser
import Glibc
import PeachAudio
import PeachFiles
import PeachHost
import PeachMusic
import PeachSupport
import PeachText

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: localized(.helpPlayAbstract),
        discussion: localized(.helpPlayDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach play A4
              peach play C4 E4 G4 C5 --duration 0.5
              peach play 69 --cents 2.5 --wav a4-sharp.wav
              peach play C3 --source org.peach.sine --option gain=0.2 --option release-ms=50
            """)

    @Argument(help: ArgumentHelp(localized(.helpPlayNotes), valueName: localized(.valueNameNote)))
    var notes: [String]

    // Signed numbers take the next word as their value even when it starts with a dash: `--cents -5`.
    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpPlayCents), valueName: localized(.valueNameCents)), transform: NumberArgument.cents.transform)
    var cents: Double = 0

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpPlayDuration), valueName: localized(.valueNameSeconds)), transform: NumberArgument.seconds.transform)
    var duration: Double = 1

    @OptionGroup var sound: SoundOptions

    func validate() throws {
        _ = try parsedNotes()
        guard NoteSequence.durationRange.contains(duration) else {
            throw ValidationError(localized(.playDurationOutside, duration.compact, NoteSequence.durationRange.lowerBound.compact,
                                            NoteSequence.durationRange.upperBound.compact))
        }
        guard NoteSequence.centsRange.contains(cents) else {
            throw ValidationError(localized(.playCentsOutside, cents.compact, NoteSequence.centsRange.lowerBound.compact,
                                            NoteSequence.centsRange.upperBound.compact))
        }
    }

    private func parsedNotes() throws -> [MIDINote] {
        var parsed: [MIDINote] = []
        for text in notes {
            do { parsed.append(try MIDINote(parsing: text)) } catch { throw ValidationError(said(error)) }
        }
        return parsed
    }

    func run() throws {
        let settings = try SettingsFileOptions.openStandard()
        let sequence = NoteSequence(notes: try parsedNotes(), cents: cents, durationSeconds: duration, reference: sound.reference(settings))
        // The sound the settings name with its saved options, unless --source names another; a wrong source or option
        // is reported before any device is opened.
        let (source, standIn) = try sound.makeSourceOrSine(from: sound.plugins.discoverSourcesWarningOfDuplicates(), settings: settings)
        if let standIn { StandardError.warning(standIn) }
        StopRequest.install()  // from activation on, Ctrl-C stops the engine, so a MIDI instrument is silenced, not left hanging
        let output = try sound.output.openOutput(pacedFile: false, for: source, settings: settings)
        let engine = try AudioEngine(output: output, source: source, pluginLog: .command, interrupt: StopRequest.interrupt,
                                     faultWording: { said($0) })
        // Nothing played (a note the engine or the source refuses): no silent file is left as if it had, to be
        // refused as taken when the command is run again. The file is this run's (an output never takes a name in use).
        func discardFile() {
            try? engine.stop()
            if let wav = sound.output.wav, !PosixFile.writesDirectly(wav) { unlink(wav) }
        }
        let end: Int64
        do { end = try sequence.schedule(on: engine) } catch {
            discardFile()
            throw error
        }
        let notices = engine.render(through: end, thenUntilSilentWithin: Int64(engine.format.sampleRate * 2))
        // Every note refused (an unpitched source).
        let refused = notices.filter { if case .noteRefused = $0 { true } else { false } }
        if refused.count == sequence.notes.count, let first = refused.first {
            discardFile()
            // With the source's own reason, where it gave one (the keys it plays).
            guard case .noteRefused(let id, _, _) = first, let words = engine.refusals[id], !words.isEmpty else {
                throw Failure(localized(.playNothingPlayed, said(first)))
            }
            throw Failure(localized(.playNothingPlayed, said(first) + ": " + words))
        }
        try finishRender(engine, output: output, notices: notices)
    }
}
