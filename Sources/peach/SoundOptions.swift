import ArgumentParser
import PeachHost

/// How notes sound and where they go; shared by every command that plays.
struct SoundOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The pitch of A4 in Hz (400 to 480).", valueName: "hz"))
    var reference: Double = Pitch.standardReference

    @Option(help: ArgumentHelp("The sound source's id, from `peach sources`.", valueName: "id"))
    var source: String = SourceCatalog.defaultSourceID

    @Option(name: .customLong("option"),
            help: ArgumentHelp("Set one of the source's options, e.g. gain=0.3. Repeatable.", valueName: "key=value"))
    var options: [String] = []

    @Option(help: ArgumentHelp("The ALSA device to play through (default: default; `aplay -L` lists them).", valueName: "name"))
    var device: String?

    @Option(help: ArgumentHelp("Write the audio to this WAV file (32-bit float) instead of playing it.", valueName: "file"))
    var wav: String?

    @OptionGroup var plugins: PluginPathOptions

    func validate() throws {
        guard device == nil || wav == nil else { throw ValidationError("Choose either --device or --wav, not both.") }
        guard Pitch.referenceRange.contains(reference) else {
            throw ValidationError("--reference \(reference.compact) is outside \(Pitch.referenceRange.lowerBound.compact)...\(Pitch.referenceRange.upperBound.compact) Hz.")
        }
    }

    /// The chosen source, found among the plugins, with the `--option` values set.
    func makeSource() throws -> SourceInstance {
        let instance = try plugins.discoverSourcesWarningOfDuplicates().makeInstance(of: source)
        for assignment in options { try instance.set(assignment: assignment) }
        return instance
    }

    /// The chosen output, opened. A WAV file is written as fast as possible
    /// unless `paced`, when it takes as long as the audio lasts.
    func openOutput(pacedFile: Bool) throws -> AudioOutput {
        if let wav { return try WavFileOutput(path: wav, paced: pacedFile) }
        return try AlsaOutput(device: device ?? "default")
    }
}
