import PeachHistory
import PeachMusic
/// What one key's answers say on their own, counted rather than modelled.
public struct KeyFacts: Equatable, Sendable {
    public var answers = 0
    public var correct = 0
    /// The smallest difference, in cents, answered correctly.
    public var smallestCorrect: Double?
    /// When the key was last trained, in seconds since 1970.
    public var lastTrained: Double?

    public init() {}

    public var shareCorrect: Double? { answers > 0 ? Double(correct) / Double(answers) : nil }

    public mutating func add(_ answer: AnswerEvidence) {
        answers += 1
        if answer.correct {
            correct += 1
            smallestCorrect = min(smallestCorrect ?? .infinity, answer.delta)
        }
        lastTrained = max(lastTrained ?? -.infinity, answer.time)
    }

    /// The facts of every key, by MIDI number (index 0...127).
    public static func tally<S: Sequence>(_ evidence: S) -> [KeyFacts] where S.Element == AnswerEvidence {
        var facts = [KeyFacts](repeating: KeyFacts(), count: MIDINote.validRange.count)
        for answer in evidence { facts[answer.note.number].add(answer) }
        return facts
    }
}
