import Glibc
import PeachAudio

/// The evidence at every key for one memory. Answer i is stored with weight
/// exp((i − origin) / memory); `unit` turns stored weights into effective
/// answers, which fades each answer by the answers that came after it.
struct FadingEvidence {
    let memory: Double
    private(set) var keys = [KeyEvidence](repeating: KeyEvidence(), count: 128)

    /// One answer as the evidence stores it, with its position in the history.
    struct Answer {
        var note: Int
        var logDelta: Double
        var correct: Bool
        var index: Int
    }

    init(memory: Double) { self.memory = memory }

    mutating func add(_ answer: Answer, origin: Int) {
        keys[answer.note].add(logDelta: answer.logDelta, correct: answer.correct, weight: exp(Double(answer.index - origin) / memory))
    }

    /// Stored weight to effective answers once `answers` answers have come.
    func unit(answers: Int, origin: Int) -> Double { exp(-Double(answers - origin) / memory) }

    /// Moves the origin `answers` later, before the stored weights overflow.
    mutating func rebase(by answers: Int) {
        let factor = exp(-Double(answers) / memory)
        for index in keys.indices { keys[index].scale(by: factor) }
    }
}
