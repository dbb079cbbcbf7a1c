import ArgumentParser
import PeachAudio
import PeachHost
import PeachText

/// Where a listening tool (the tuner, the recorder) hears the player: an ALSA
/// capture device and one of its channels, or a sound file in its place.
struct InputOptions: ParsableArguments {
    @Option(name: .customLong("input-device"), help: ArgumentHelp(localized(.helpInputDevice), valueName: "name"),
            completion: .custom { _, _, _ in AudioDevice.list(.input).map(\.name) })
    var device: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpInputChannel), valueName: "n"))
    var channel: Int?

    @Option(help: ArgumentHelp(localized(.helpInputFile), valueName: localized(.valueNameFile)))
    var input: String?

    func validate() throws {
        guard device == nil || input == nil else { throw ValidationError(localized(.inputDeviceOrFile)) }
        if let channel, channel < 1 { throw ValidationError(localized(.inputChannelOutside, channel)) }
    }

    /// The capture device listened to: named, else the setting, else `default`.
    func deviceName(_ settings: SettingsStore?) -> String {
        device ?? settings?.text(.inputDevice) ?? "default"
    }

    /// Whether the input is a file: read as fast as the tool asks unless paced.
    var isFile: Bool { input != nil }

    /// The channel heard, from 0.
    var channelIndex: Int { (channel ?? 1) - 1 }

    /// Opens the file or the device (named, else the `input-device` setting, else
    /// `default`), with at least the chosen channel; a device or file with
    /// fewer channels is refused by name.
    /// Warns when a sound file read as the input stopped decoding before its end: what was heard is all there was.
    func warnIfCut(_ opened: AudioInput) {
        guard let file = opened as? SoundFileInput, let (read, total) = file.shortfall else { return }
        let rate = file.format.sampleRate
        StandardError.warning(localized(.inputFileCut, input ?? "", (Double(read) / rate).decimals(2), (Double(total) / rate).decimals(2)))
    }

    func open(paced: Bool, settings: SettingsStore? = nil, sampleRate: Double = 48000, blockFrames: Int = 256) throws -> AudioInput {
        let opened: AudioInput
        let name: String
        if let input {
            opened = try SoundFileInput(path: input, blockFrames: blockFrames, paced: paced)
            name = input
        } else {
            name = deviceName(settings)
            opened = try AlsaInput(device: name, preferredRate: sampleRate, preferredChannels: channelIndex + 1, periodFrames: blockFrames)
        }
        guard channelIndex < opened.format.channels else {
            opened.finish()
            throw Failure(localized(.inputNoSuchChannel, name, channelIndex + 1, opened.format.channels))
        }
        return opened
    }
}
