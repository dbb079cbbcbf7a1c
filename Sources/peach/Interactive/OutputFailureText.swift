import PeachAudio
import PeachHost
import PeachText

/// An output that would not open, said on a screen: there the remedy is the
/// settings screen's device row, not a flag, unless a flag chose the device.
enum OutputFailureText {
    static func onScreen(_ error: any Error, deviceFromFlag: Bool) -> String {
        guard let error = error as? AudioOutputError, error.needsAnotherDevice, !deviceFromFlag else { return said(error) }
        return localized(.outputProblemAndRemedy, error.problem(in: Language.current), localized(.outputChooseOnScreen, Setting.device.label))
    }
}
