import PeachTraining

/// Why a value is not one a setting takes, with the value and what it
/// allows; `PeachMessages` words it.
public enum SettingProblem: Equatable, Sendable {
    case outside(Double, range: ClosedRange<Double>, unit: String)
    case notMultiple(Double, step: Double, unit: String)
    case range(TrainingRangeError)
    /// A device name that could carry ALSA configuration into the settings.
    case deviceUnsafe(String)
    case notOneOf(String, choices: [String])
    case expectedNumber(got: JSONValue)
    case expectedBool(got: JSONValue)
    case expectedText(got: JSONValue)
}
