import Glibc
import PeachTraining

/// A monophonic melody of known notes for the transcriber's tests and
/// benchmark: notes of 0.15 to 0.6 s on a major scale, each detuned by up to
/// ±20 cents (a semitone step stays 60 cents or more), some legato, some after a rest, some repeated (after a short
/// breath, as a player re-articulates: a legato repeat is one long note).
public enum TestMelody {
    public struct Note: Sendable {
        public var start: Double, duration: Double, frequency: Double
    }

    /// Notes filling `seconds`, between MIDI keys `lowest` and `highest`.
    public static func make(seconds: Double, lowest: Int, highest: Int, seed: UInt64) -> [Note] {
        var generator = SeededGenerator(seed: seed)
        let scale = [0, 2, 4, 5, 7, 9, 11]
        let keys = (lowest...highest).filter { scale.contains($0 % 12) }
        var notes: [Note] = []
        var time = 0.3, index = keys.count / 2
        while time < seconds - 1 {
            let duration = Double.random(in: 0.15...0.6, using: &generator)
            // A step or a leap, or the same key again (a repeated note must be found twice).
            let previous = index
            index = max(0, min(keys.count - 1, index + [-3, -2, -1, 0, 1, 1, 2, 4].randomElement(using: &generator)!))
            if index == previous, let last = notes.last, last.start + last.duration > time - 0.03 { time += 0.03 }
            let cents = Double.random(in: -20...20, using: &generator)
            notes.append(Note(start: time, duration: duration, frequency: 440 * pow(2, (Double(keys[index] - 69) * 100 + cents) / 1200)))
            // Legato, a short breath or a rest.
            time += duration + [0, 0, 0.03, 0.08, 0.25].randomElement(using: &generator)!
        }
        return notes
    }
}
