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
    /// What people call it on the settings screen.
    public let label: String
    public let kind: Kind
    public let defaultValue: JSONValue
    /// One short line on what it does, for the list and the screen.
    public let summary: String
    public var id: String { key }

    public static let noteDuration = Setting(key: "note-duration", label: "Note length", kind: .number(range: 0.3...3, step: 0.1, unit: "s"),
                                             defaultValue: .number(1), summary: "Length of each note")
    public static let pause = Setting(key: "pause", label: "Pause", kind: .number(range: 0...2, step: 0.1, unit: "s"),
                                      defaultValue: .number(0), summary: "Silence between the two notes of a pair")
    public static let range = Setting(key: "range", label: "Keys", kind: .text, defaultValue: .string("adaptive"),
                                      summary: "Keys to train: adaptive, or LOW-HIGH such as C2-C7")
    public static let style = Setting(key: "style", label: "Style", kind: .number(range: 0...1, step: 0.05, unit: ""),
                                      defaultValue: .number(0.5), summary: "Natural (0, nearby) to mechanical (1, drills weak spots)")
    public static let reference = Setting(key: "reference", label: "A4", kind: .number(range: 400...480, step: 0.1, unit: "Hz"),
                                          defaultValue: .number(440), summary: "Pitch of A4")
    public static let source = Setting(key: "source", label: "Sound", kind: .text, defaultValue: .string("org.peach.sine"),
                                       summary: "Sound source id (peach sources lists them)")
    public static let device = Setting(key: "device", label: "Output device", kind: .text, defaultValue: .string("default"),
                                       summary: "ALSA output device (aplay -L lists them)")
    public static let bell = Setting(key: "bell", label: "Wrong-answer bell", kind: .bool, defaultValue: .bool(true),
                                     summary: "Terminal bell on a wrong answer")
    public static let language = Setting(key: "language", label: "Language", kind: .choice(["auto", "en", "de"]), defaultValue: .string("auto"),
                                         summary: "Language: auto follows LC_ALL, LC_MESSAGES and LANG")

    /// Every setting, in the order people see them.
    public static let all: [Setting] = [noteDuration, pause, range, style, reference, source, device, bell, language]

    public static func named(_ key: String) -> Setting? { all.first { $0.key == key } }

    /// Checks a value from the file or the command line; nil if it is fine, else why not.
    public func check(_ value: JSONValue) -> String? {
        switch (kind, value) {
        case (.number(let range, let step, let unit), .number(let number)):
            guard range.contains(number) else { return "\(number.compact) is outside \(range.lowerBound.compact)...\(range.upperBound.compact)\(unit.isEmpty ? "" : " " + unit)" }
            let steps = (number - range.lowerBound) / step
            return abs(steps - steps.rounded()) < 1e-6 ? nil : "\(number.compact) is not a multiple of \(step.compact)\(unit.isEmpty ? "" : " " + unit)"
        case (.bool, .bool), (.text, .string):
            if key == Setting.range.key, case .string(let text) = value, (try? TrainingRange(parsing: text)) == nil {
                return "'\(text)' is not a range: write adaptive or LOW-HIGH such as C2-C7"
            }
            return nil
        case (.choice(let choices), .string(let text)):
            return choices.contains(text) ? nil : "'\(text)' is not one of \(choices.joined(separator: ", "))"
        case (.number, _): return "expected a number, found \(value.kindName)"
        case (.bool, _): return "expected true or false, found \(value.kindName)"
        case (.choice, _), (.text, _): return "expected text, found \(value.kindName)"
        }
    }

    /// Reads a value typed on the command line.
    public func parse(_ text: String) -> JSONValue {
        switch kind {
        case .number: Double(text).map(JSONValue.number) ?? .string(text)
        case .bool: ["true", "on", "yes"].contains(text.lowercased()) ? .bool(true)
            : ["false", "off", "no"].contains(text.lowercased()) ? .bool(false) : .string(text)
        case .choice, .text: .string(text)
        }
    }

    /// The value as people read it, with its unit.
    public func display(_ value: JSONValue) -> String {
        switch (kind, value) {
        case (.number(_, _, let unit), .number(let number)): unit.isEmpty ? number.compact : "\(number.compact) \(unit)"
        case (.bool, .bool(let flag)): flag ? "on" : "off"
        case (_, .string(let text)): text
        default: "\(value)"
        }
    }

    /// The allowed values, as people read them.
    public var allowed: String {
        switch kind {
        case .number(let range, let step, let unit):
            "\(range.lowerBound.compact)...\(range.upperBound.compact)\(unit.isEmpty ? "" : " " + unit), steps of \(step.compact)"
        case .bool: "on or off"
        case .choice(let choices): choices.joined(separator: ", ")
        case .text:
            switch key {
            case Setting.range.key: "adaptive or LOW-HIGH"
            case Setting.source.key: "a source id (peach sources)"
            case Setting.device.key: "an ALSA device (aplay -L)"
            default: "text"
            }
        }
    }
}
