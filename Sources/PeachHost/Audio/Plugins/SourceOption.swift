import PeachPluginAPI

/// One typed setting a source offers, such as its gain or a SoundFont path.
public struct SourceOption: Codable, Hashable, Sendable {
    public enum ValueType: String, Codable, Hashable, Sendable {
        case bool, int, number, text, path, choice
    }

    public struct Choice: Codable, Hashable, Sendable {
        public var value: String
        public var label: String
    }

    public var key: String
    public var name: String
    public var type: ValueType
    public var unit: String
    public var defaultValue: String
    public var description: String
    /// Bounds for `int` and `number`; nil for the other types.
    public var range: ClosedRange<Double>?
    /// Whether it can change while the source plays.
    public var live: Bool
    /// Whether its choices are timbres the training screen may cycle through.
    public var timbre: Bool
    public var choices: [Choice]

    /// Whether `key` is one a person can type after `--option`: lowercase
    /// ASCII letters, digits and `-` (`attack-ms`), nothing else.
    public static func isValidKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    /// `key=value`, as typed after `--option`, split at the first `=`.
    public static func split(assignment: String) throws(SourceOptionError) -> (key: String, value: String) {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else { throw .malformedAssignment(assignment) }
        return (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]))
    }

    /// The value `text` stands for, as a person may write it: a switch in any
    /// of `SwitchWords` (on/off, an/aus, …) as a setting takes it, a choice by its label (any case,
    /// "program=Flute") besides its value. Anything else is left as written,
    /// for `validate` to report.
    public func value(spelledAs text: String) -> String {
        switch type {
        case .bool:
            return text.writtenSwitch.map { $0 ? "true" : "false" } ?? text
        case .choice:
            if choices.contains(where: { $0.value == text }) { return text }
            let named = choices.filter { $0.label.lowercased() == text.lowercased() }
            return named.count == 1 ? named[0].value : text
        // A decimal comma as German writes it (`gain=0,4`), as the settings read one.
        case .number where Double(text) == nil && text.contains(","):
            return text.writtenNumber.map { String($0) } ?? text
        case .int, .number, .text, .path:
            return text
        }
    }

    /// Checks `text` against the option's type, range and choices before the
    /// plugin sees it, so every source gets the same clear messages.
    public func validate(_ text: String) throws(SourceOptionError) {
        switch type {
        case .bool:
            guard text == "true" || text == "false" else { throw .wrongType(key: key, value: text, expected: type) }
        case .int:
            guard let value = Int(text) else { throw .wrongType(key: key, value: text, expected: type) }
            try checkRange(Double(value), text)
        case .number:
            guard let value = Double(text), value.isFinite else { throw .wrongType(key: key, value: text, expected: type) }
            try checkRange(value, text)
        case .text, .path:
            break
        case .choice:
            guard choices.contains(where: { $0.value == text }) else {
                // Names that hold what was typed (`viol`: Violin, Viola), as a choice is also taken by its name.
                let typed = text.lowercased()
                let close = typed.isEmpty ? [] : choices.filter { $0.label != $0.value && $0.label.lowercased().contains(typed) }.map(\.label)
                throw .notAChoice(key: key, value: text, choices: choices.map(\.value), close: close)
            }
        }
    }

    private func checkRange(_ value: Double, _ text: String) throws(SourceOptionError) {
        if let range, !range.contains(value) { throw .outOfRange(key: key, value: text, range: range, unit: unit) }
    }
}

/// Why an option could not be set or read, as data; `PeachMessages` words it.
public enum SourceOptionError: Error, Equatable {
    case unknownKey(source: String, key: String, known: [String])
    /// Not a value of the option's type (bool, int or number).
    case wrongType(key: String, value: String, expected: SourceOption.ValueType)
    case outOfRange(key: String, value: String, range: ClosedRange<Double>, unit: String)
    /// `close`: the choices' names that hold the value, when it names none exactly or names several.
    case notAChoice(key: String, value: String, choices: [String], close: [String] = [])
    /// Not `key=value`.
    case malformedAssignment(String)
    case rejectedBySource(source: String, key: String, value: String, reason: PluginReason)
    /// The source would not say the option's value.
    case cannotReadBack(source: String, key: String, reason: PluginReason)
    case notLive(source: String, key: String)
}
