import PeachAudio
import PeachText

extension PluginLog {
    /// The `peach` command's one log: plugins' messages on standard error, in the language chosen at start.
    static let command = PluginLog { message in localized(.sourceLog, message ?? localized(.sourceLogNotUTF8)) }
}
