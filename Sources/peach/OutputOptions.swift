import ArgumentParser
import PeachAudio
import PeachHost
import PeachText

/// Where the sound goes: a device or a file. Part of `SoundOptions`, and all
/// `peach record play` takes, since a take plays as it was recorded.
struct OutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp(localized(.helpDevice), valueName: "name"), completion: .custom { _, _, _ in AudioDevice.list(.output).map(\.name) })
    var device: String?

    @Option(help: ArgumentHelp(localized(.helpWav), valueName: localized(.valueNameFile)))
    var wav: String?

    func validate() throws {
        guard device == nil || wav == nil else { throw ValidationError(localized(.soundDeviceOrWav)) }
        try checkFileName(wav, given: "--wav", writing: .audio)
    }

    /// `--wav -` sends the sound to standard output, so nothing else may
    /// write there: refused when `owner` (`--json`, `--headless`, the screen)
    /// does, rather than the two mixed into one stream.
    func checkStandardOutput(isUsedBy owner: String?) throws {
        guard let owner, let wav, PosixFile.isStandardOutput(wav) else { return }
        throw ValidationError(localized(.wavOnUsedStandardOutput, wav, owner))
    }

    /// The chosen output, opened. A WAV file is written as fast as possible
    /// unless `paced`, when it takes as long as the audio lasts; it is new,
    /// or with `replacing` this run's own from an earlier opening. A source that
    /// sends MIDI renders no audio: its clock is a paced null output unless a
    /// device or file is named, so it needs no sound card. A file runs at
    /// `sampleRate`, a device at it if it can (a take recorded at 44.1 kHz).
    func openOutput(pacedFile: Bool, for source: SourceInstance? = nil, settings: SettingsStore? = nil, replacing: Bool = false,
                    sampleRate: Double = 48000) throws -> AudioOutput {
        let sendsMIDI = source?.descriptor.kind == .midi
        let format = AudioFormat(sampleRate: sampleRate, channels: 1, blockFrames: 256)
        if let wav, wav.lowercased().hasSuffix(".flac") {
            return try FlacFileOutput(path: wav, format: format, paced: pacedFile || sendsMIDI, replacing: replacing)
        }
        if let wav { return try WavFileOutput(path: wav, format: format, paced: pacedFile || sendsMIDI, replacing: replacing) }
        if sendsMIDI && device == nil { return NullOutput(paced: true) }
        // `peach train --headless` passes no settings (it takes nothing else from them) and still plays where the device setting says;
        // a settings file that does not read stops it, as it stops every other command, rather than play somewhere else unsaid.
        let setting = device == nil ? try (settings ?? SettingsFileOptions.openStandard()).text(.device) : nil
        return try AlsaOutput(device: device ?? setting ?? "default", preferredRate: sampleRate)
    }
}
