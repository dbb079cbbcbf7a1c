import ArgumentParser
import PeachHost

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Play notes one after another through a sound source.",
        discussion: """
            Notes are names such as A4, C#3, Bb2 (C4 is middle C) or MIDI numbers such \
            as 69. They play back to back with no gap. Audio goes to the ALSA device \
            `default` unless you choose another with --device (`aplay -L` lists them) \
            or write a WAV file with --wav.

            Examples:
              peach play A4
              peach play C4 E4 G4 C5 --duration 0.5
              peach play 69 --cents 2.5 --wav a4-sharp.wav
              peach play C3 --source org.peach.sine --option gain=0.2 --option release-ms=50
            """)

    @Argument(help: ArgumentHelp("The notes to play, in order.", valueName: "note"))
    var notes: [String]

    @Option(help: ArgumentHelp("Detune every note by this many cents (100 cents = 1 semitone); fractions allowed.", valueName: "cents"))
    var cents: Double = 0

    @Option(help: ArgumentHelp("How long each note lasts, in seconds.", valueName: "seconds"))
    var duration: Double = 1

    @OptionGroup var sound: SoundOptions

    func validate() throws {
        guard !notes.isEmpty else { throw ValidationError("Give at least one note, e.g. `peach play A4`.") }
        _ = try parsedNotes()
        guard NoteSequence.durationRange.contains(duration) else {
            throw ValidationError("--duration \(duration.compact) is outside \(NoteSequence.durationRange.lowerBound.compact)...\(NoteSequence.durationRange.upperBound.compact) seconds.")
        }
        guard NoteSequence.centsRange.contains(cents) else {
            throw ValidationError("--cents \(cents.compact) is outside \(NoteSequence.centsRange.lowerBound.compact)...\(NoteSequence.centsRange.upperBound.compact).")
        }
    }

    private func parsedNotes() throws -> [MIDINote] {
        var parsed: [MIDINote] = []
        for text in notes {
            do { parsed.append(try MIDINote(parsing: text)) } catch { throw ValidationError(error.description) }
        }
        return parsed
    }

    func run() throws {
        let sequence = NoteSequence(notes: try parsedNotes(), cents: cents, durationSeconds: duration, reference: sound.reference(nil))
        let source = try sound.makeSource()  // a wrong source or option is reported before any device is opened
        StopRequest.install()  // from activation on, Ctrl-C stops the engine, so a MIDI instrument is silenced, not left hanging
        let engine = try AudioEngine(output: try sound.openOutput(pacedFile: false, for: source), source: source)
        let end = try sequence.schedule(on: engine)
        let notices = engine.render(through: end, thenUntilSilentWithin: Int64(engine.format.sampleRate * 2))
        try engine.stop()
        if StopRequest.isRaised { throw ExitCode(130) }
        for notice in notices where !notice.endsRendering && !notice.silencedSource { StandardError.warning(notice.description) }
        if let failure = notices.first(where: \.silencedSource) {
            // The notes were not played in full: say so, with the source's own reason.
            throw Failure("\(failure); \(engine.source.descriptor.id) says: \(engine.source.lastError)")
        }
        if let fatal = notices.first(where: \.endsRendering) { throw Failure(fatal.description) }
    }
}
