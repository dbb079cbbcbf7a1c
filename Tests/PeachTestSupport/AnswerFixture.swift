import Glibc
import PeachAudio
import PeachHost
import PeachMusic
import PeachTraining

/// One answer as Peach would record it, with frequencies computed from the key and cents, and
/// `correct` from the answer and the cents unless given.
public func answer(_ time: Double, note: Int = 60, cents: Double = 5, direction: PitchDirection = .higher, correct: Bool? = nil,
                   response: Double = 0.812, source: String = "org.peach.sine", reference: Double = 440, noteSeconds: Double = 1) -> TrainingAnswer {
    let key = MIDINote(number: note)!
    return TrainingAnswer(time: time, note: key, firstHz: Pitch.frequency(of: key, reference: reference),
                          secondHz: Pitch.frequency(of: key, cents: cents, reference: reference), cents: cents, answer: direction,
                          correct: correct ?? ((direction == .higher) == (cents > 0)), responseSeconds: response, sourceID: source,
                          reference: reference, noteSeconds: noteSeconds)
}

/// A history of a listener whose thresholds are known: `count` answers, one
/// every `spacing` seconds from `start`, on keys drawn evenly from `keys`, at
/// differences spread around each key's threshold, answered correctly with
/// the probability the psychometric function gives. Seeded: the same every run.
public func simulatedHistory(count: Int, keys: ClosedRange<Int>, start: Double = 1_790_000_000, spacing: Double = 3,
                             seed: UInt64 = 7, threshold: (Int) -> Double) -> [TrainingAnswer] {
    var generator = SeededGenerator(seed: seed)
    let function = PsychometricFunction()
    return (0..<count).map { index in
        let note = Int.random(in: keys, using: &generator)
        // From a quarter to four times the threshold, a tenth of a cent at most apart, as Peach plays them.
        let delta = max(1, (threshold(note) * pow(2, Double.random(in: -2...2, using: &generator)) * 10).rounded() / 10)
        let correct = Double.random(in: 0..<1, using: &generator) < function.probabilityCorrect(delta: delta, threshold: threshold(note))
        let up = Bool.random(using: &generator)
        let heard: PitchDirection = up == correct ? .higher : .lower
        return answer(start + Double(index) * spacing, note: note, cents: up ? delta : -delta, direction: heard, correct: correct)
    }
}
