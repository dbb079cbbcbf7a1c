/// Why a device could not be set up for Peach's audio; `reason` is ALSA's own words.
public enum DeviceSetupFailure: Error, Equatable, Sendable {
    case noConfiguration(reason: String), notInterleaved(reason: String), noSampleFormat
    case noChannelCount(reason: String), noRate(Int, reason: String), refused(reason: String)
}
