import PeachAudio
import PeachSupport
import PeachText
import PeachTraining
/// One thing a user can set, with its type, range, unit and default: the
/// single list that the settings file, `peach settings` and the settings
/// screen all work from.
public struct Setting: Sendable, Identifiable {
    public enum Kind: Sendable {
        /// A number within `range`, adjusted in `step`s on the settings screen.
        case number(range: ClosedRange<Double>, step: Double, unit: String)
        case bool
        /// One of fixed values.
        case choice([String])
        /// Free text, checked by `Setting.check`.
        case text
    }

    public let key: String
    private let labelKey: TextKey
    public let kind: Kind
    public let defaultValue: JSONValue
    public var id: String { key }

    /// What people call it on the settings screen.
    public var label: String { localized(labelKey) }

    public static let noteDuration = Setting(key: "note-duration", labelKey: .settingNoteDuration, kind: .number(range: 0.3...3, step: 0.1, unit: "s"),
                                             defaultValue: .number(1))
    public static let pause = Setting(key: "pause", labelKey: .settingPause, kind: .number(range: 0...2, step: 0.1, unit: "s"),
                                      defaultValue: .number(0))
    public static let range = Setting(key: "range", labelKey: .settingRange, kind: .text, defaultValue: .string("adaptive"))
    public static let style = Setting(key: "style", labelKey: .settingStyle, kind: .number(range: 0...1, step: 0.05, unit: ""),
                                      defaultValue: .number(0.5))
    public static let reference = Setting(key: "reference", labelKey: .settingReference, kind: .number(range: 400...480, step: 0.1, unit: "Hz"),
                                          defaultValue: .number(440))
    public static let source = Setting(key: "source", labelKey: .settingSource, kind: .text, defaultValue: .string("org.peach.sine"))
    public static let device = Setting(key: "device", labelKey: .settingDevice, kind: .text, defaultValue: .string("default"))
    /// Where the tools that listen (the tuner, the recorder) hear the player.
    public static let inputDevice = Setting(key: "input-device", labelKey: .settingInputDevice, kind: .text, defaultValue: .string("default"))
    public static let bell = Setting(key: "bell", labelKey: .settingBell, kind: .bool, defaultValue: .bool(true))
    /// Minutes of training after which the training screen suggests a break (`Sitting`); 0: never.
    public static let breakAfter = Setting(key: "break-after", labelKey: .settingBreakAfter, kind: .number(range: 0...60, step: 1, unit: "min"),
                                           defaultValue: .number(15))
    public static let language = Setting(key: "language", labelKey: .settingLanguage, kind: .choice(["auto", "en", "de"]),
                                         defaultValue: .string("auto"))

    /// Every setting, in the order people see them.
    public static let all: [Setting] = [noteDuration, pause, range, style, reference, source, device, inputDevice, bell, breakAfter, language]

    public static func named(_ key: String) -> Setting? { all.first { $0.key == key } }

    /// For a device setting, the devices it names: those `peach devices` lists for that direction.
    public var deviceDirection: AudioDevice.Direction? {
        switch key {
        case Self.device.key: .output
        case Self.inputDevice.key: .input
        default: nil
        }
    }

    /// Checks a value from the file or the command line; nil if it is fine, else why not.
    public func check(_ value: JSONValue) -> SettingProblem? {
        switch (kind, value) {
        case (.number(let range, let step, let unit), .number(let number)):
            guard range.contains(number) else { return .outside(number, range: range, unit: unit) }
            let steps = (number - range.lowerBound) / step
            return abs(steps - steps.rounded()) < 1e-6 ? nil : .notMultiple(number, step: step, unit: unit)
        case (.bool, .bool), (.text, .string):
            if key == Setting.range.key, case .string(let text) = value {
                do { _ = try TrainingRange(parsing: text) } catch { return .range(error) }
            }
            if deviceDirection != nil, case .string(let text) = value, !DeviceNameSafety.allowedInSettings(text) {
                return .deviceUnsafe(text)
            }
            return nil
        case (.choice(let choices), .string(let text)):
            return choices.contains(text) ? nil : .notOneOf(text, choices: choices)
        case (.number, _): return .expectedNumber(got: value)
        case (.bool, _): return .expectedBool(got: value)
        case (.choice, _), (.text, _): return .expectedText(got: value)
        }
    }

    /// Reads a value typed on the command line. Numbers and on and off may
    /// also be written as `peach settings` shows them, in either language
    /// (`442,5` as well as `442.5`), a number with its unit too (`442 Hz`, `1s`),
    /// a switch in any of `SwitchWords`, as a source's option takes it.
    public func parse(_ text: String) -> JSONValue {
        switch kind {
        case .number where key == Self.breakAfter.key && Language.allCases.contains(where: { localized(.valueNever, in: $0, []) == text.lowercased() }):
            return .number(0)  // as the list shows it
        case .number(_, _, let unit):
            // Seconds also as milliseconds (`800ms`), as the command-line options take them.
            let units = (unit == "s" ? [("ms", 0.001)] : []) + [(unit, 1.0)]
            return text.writtenNumber(units: units).map(JSONValue.number) ?? .string(text)
        case .bool: return text.writtenSwitch.map(JSONValue.bool) ?? .string(text)
        // Any case, kept as the list shows it (`DE` is `de`, `c3-c5` is `C3-C5`).
        case .choice(let choices): return .string(choices.first { $0.lowercased() == text.lowercased() } ?? text)
        case .text:
            guard key == Self.range.key, let range = try? TrainingRange(parsing: text) else { return .string(text) }
            return .string(range.written)
        }
    }

    /// The number one step from `value` in `direction` (+1 or -1), kept in
    /// the range. Counted in whole steps from the range's start, then divided
    /// by a power of ten, so it is the exact decimal: 0.2 s and a step of
    /// 0.1 s make 0.3 s on screen and in the file, not 0.30000000000000004.
    public func stepped(_ value: Double, by direction: Int) -> Double {
        guard case .number(let range, let step, _) = kind else { preconditionFailure("\(key) is not a number") }
        let scale = Self.decimalScale(of: step)
        let stepUnits = (step * scale).rounded(), start = (range.lowerBound * scale).rounded()
        let last = ((range.upperBound * scale).rounded() - start) / stepUnits
        let current = (((value * scale).rounded() - start) / stepUnits).rounded()
        return (start + min(last, max(0, current + Double(direction))) * stepUnits) / scale
    }

    /// `value` at the step's number of decimals, for a value an earlier Peach saved as 0.30000000000000004.
    private func exact(_ value: Double) -> Double {
        guard case .number(_, let step, _) = kind else { return value }
        let scale = Self.decimalScale(of: step)
        return (value * scale).rounded() / scale
    }

    /// 10 to the number of decimals `step` is written with (0.05: 100).
    private static func decimalScale(of step: Double) -> Double {
        let decimals = String(step).split(separator: ".").dropFirst().first.map { $0 == "0" ? 0 : $0.count } ?? 0
        return (0..<decimals).reduce(1) { scale, _ in scale * 10 }
    }

    /// The value as `settings set` reads it back, the same in every language
    /// (`0.8`, `on`, `C3-C6`): for scripts.
    public func plain(_ value: JSONValue) -> String {
        switch (kind, value) {
        case (.number, .number(let number)): exact(number).compact(in: .english)
        case (.bool, .bool(let flag)): flag ? "on" : "off"
        case (_, .string(let text)): text
        default: "\(value)"
        }
    }

    /// The value as people read it, with its unit.
    public func display(_ value: JSONValue) -> String {
        switch (kind, value) {
        // No break suggested is said so, not as "0 min".
        case (.number, .number(0)) where key == Self.breakAfter.key: localized(.valueNever)
        case (.number(_, _, let unit), .number(let number)): unit.isEmpty ? exact(number).compact : "\(exact(number).compact) \(unit)"
        case (.bool, .bool(let flag)): localized(flag ? .valueOn : .valueOff)
        case (_, .string(let text)): text
        default: "\(value)"
        }
    }

    /// The allowed values, as people read them.
    public var allowed: String {
        switch kind {
        case .number(let range, let step, let unit):
            localized(.allowedRange, range.said(unit: unit), step.compact)
        case .bool: localized(.allowedOnOff)
        case .choice(let choices): choices.joined(separator: ", ")
        case .text:
            switch key {
            case Setting.range.key: localized(.allowedRangeText)
            case Setting.source.key: localized(.allowedSource)
            case Setting.device.key, Setting.inputDevice.key: localized(.allowedDevice)
            default: localized(.allowedText)
            }
        }
    }
}
