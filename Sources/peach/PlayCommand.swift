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

    @Option(help: ArgumentHelp("The pitch of A4 in Hz (400 to 480).", valueName: "hz"))
    var reference: Double = Pitch.standardReference

    @Option(help: ArgumentHelp("The sound source's id, from `peach sources`.", valueName: "id"))
    var source: String = SourceCatalog.defaultSourceID

    @Option(name: .customLong("option"),
            help: ArgumentHelp("Set one of the source's options, e.g. gain=0.3. Repeatable.", valueName: "key=value"))
    var options: [String] = []

    @Option(help: ArgumentHelp("The ALSA device to play through.", valueName: "name"))
    var device: String?

    @Option(help: ArgumentHelp("Write the audio to this WAV file (32-bit float) instead of playing it.", valueName: "file"))
    var wav: String?

    @OptionGroup var plugins: PluginPathOptions

    func validate() throws {
        guard !notes.isEmpty else { throw ValidationError("Give at least one note, e.g. `peach play A4`.") }
        _ = try parsedNotes()
        guard device == nil || wav == nil else { throw ValidationError("Choose either --device or --wav, not both.") }
        guard Pitch.referenceRange.contains(reference) else {
            throw ValidationError("--reference \(reference.compact) is outside \(Pitch.referenceRange.lowerBound.compact)...\(Pitch.referenceRange.upperBound.compact) Hz.")
        }
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
        let sequence = NoteSequence(notes: try parsedNotes(), cents: cents, durationSeconds: duration, reference: reference)
        let instance = try plugins.discoverSourcesWarningOfDuplicates().makeInstance(of: source)
        for assignment in options {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw Failure(SourceOptionError.malformedAssignment(assignment).description)
            }
            try instance.set(String(assignment[..<equals]), to: String(assignment[assignment.index(after: equals)...]))
        }
        let output = try (wav.map(OutputChoice.wavFile) ?? .device(device ?? "default")).open()
        let engine = try AudioEngine(output: output, source: instance)
        let end = try sequence.schedule(on: engine)
        let notices = engine.render(through: end, thenUntilSilentWithin: Int64(engine.format.sampleRate * 2))
        try engine.stop()
        for notice in notices where !notice.endsRendering && !notice.silencedSource { StandardError.write("peach: warning: \(notice)\n") }
        if let failure = notices.first(where: \.silencedSource) {
            // The notes were not played in full: say so, with the source's own reason.
            throw Failure("\(failure); \(engine.source.descriptor.id) says: \(engine.source.lastError)")
        }
        if let fatal = notices.first(where: \.endsRendering) { throw Failure(fatal.description) }
    }
}
