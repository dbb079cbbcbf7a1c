import PeachPluginAPI
import PeachText

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

    /// `key=value`, as typed after `--option`, split at the first `=`.
    public static func split(assignment: String) throws(SourceOptionError) -> (key: String, value: String) {
        guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else { throw .malformedAssignment(assignment) }
        return (String(assignment[..<equals]), String(assignment[assignment.index(after: equals)...]))
    }

    /// Checks `text` against the option's type, range and choices before the
    /// plugin sees it, so every source gets the same clear messages.
    public func validate(_ text: String) throws(SourceOptionError) {
        switch type {
        case .bool:
            guard text == "true" || text == "false" else { throw .wrongType(key: key, value: text, expected: localized(.kindBool)) }
        case .int:
            guard let value = Int(text) else { throw .wrongType(key: key, value: text, expected: localized(.optionWholeNumber)) }
            try checkRange(Double(value), text)
        case .number:
            guard let value = Double(text), value.isFinite else { throw .wrongType(key: key, value: text, expected: localized(.kindNumber)) }
            try checkRange(value, text)
        case .text, .path:
            break
        case .choice:
            guard choices.contains(where: { $0.value == text }) else {
                throw .notAChoice(key: key, value: text, choices: choices.map(\.value))
            }
        }
    }

    private func checkRange(_ value: Double, _ text: String) throws(SourceOptionError) {
        if let range, !range.contains(value) { throw .outOfRange(key: key, value: text, range: range, unit: unit) }
    }
}

public enum SourceOptionError: Error, Equatable, CustomStringConvertible {
    case unknownKey(source: String, key: String, known: [String])
    case wrongType(key: String, value: String, expected: String)
    case outOfRange(key: String, value: String, range: ClosedRange<Double>, unit: String)
    case notAChoice(key: String, value: String, choices: [String])
    case malformedAssignment(String)
    case rejectedBySource(source: String, key: String, value: String, reason: String)
    case notLive(source: String, key: String)

    public var description: String {
        switch self {
        case .unknownKey(let source, let key, let known):
            known.isEmpty ? localized(.optionUnknownNone, source, key) : localized(.optionUnknown, source, key, known.joined(separator: ", "))
        case .wrongType(let key, let value, let expected):
            localized(.optionWrongType, key, value, expected)
        case .outOfRange(let key, let value, let range, let unit):
            localized(.optionOutside, key, value, range.lowerBound.compact, range.upperBound.compact, unit.isEmpty ? "" : " " + unit)
        case .notAChoice(let key, let value, let choices):
            localized(.optionNotAChoice, key, value, choices.joined(separator: ", "))
        case .malformedAssignment(let text):
            localized(.optionMalformed, text)
        case .rejectedBySource(let source, let key, let value, let reason):
            localized(.optionRefused, source, key, value, reason)
        case .notLive(let source, let key):
            localized(.optionNotLive, source, key)
        }
    }
}
