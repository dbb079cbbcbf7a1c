import Glibc

/// The evidence at every key for one memory. Answer i is stored with weight
/// exp((i − origin) / memory); `unit` turns stored weights into effective
/// answers, which fades each answer by the answers that came after it.
package struct FadingEvidence {
    package let memory: Double
    private(set) var keys = [KeyEvidence](repeating: KeyEvidence(), count: 128)

    /// One answer as the evidence stores it, with its position in the history.
    package struct Answer {
        var note: Int
        var logDelta: Double
        var direction: PitchDirection
        var correct: Bool
        var index: Int
    }

    package init(memory: Double) { self.memory = memory }

    package mutating func add(_ answer: Answer, origin: Int) {
        keys[answer.note].add(logDelta: answer.logDelta, direction: answer.direction, correct: answer.correct, index: answer.index, weight: exp(Double(answer.index - origin) / memory))
    }

    /// Stored weight to effective answers once `answers` answers have come.
    package func unit(answers: Int, origin: Int) -> Double { exp(-Double(answers - origin) / memory) }

    /// Moves the origin `answers` later, before the stored weights overflow.
    package mutating func rebase(by answers: Int) {
        let factor = exp(-Double(answers) / memory)
        for index in keys.indices { keys[index].scale(by: factor) }
    }
}
