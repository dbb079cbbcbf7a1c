import Glibc

/// Which notes a monophonic take held, from a `PitchTracker`'s readings.
///
/// The tracker already starts a note at each attack and at each change of
/// pitch (`PitchReading.noteStart`), so a note is the run of readings that
/// share a start. Short gaps (no pitch for a few steps inside a note) stay
/// in it; runs shorter than `shortest` (a blip, a slide between notes) are
/// dropped; the pitch is the median after the attack, which a vibrato, a
/// glide in and an octave blip do not move.
public struct NoteTranscriber: Sendable {
    /// Runs of pitch shorter than this (seconds) are not notes.
    public var shortest: Double
    /// Readings at most this far apart (seconds) with the same start are one note.
    public var longestGap: Double

    public init(shortest: Double = 0.05, longestGap: Double = 0.1) {
        (self.shortest, self.longestGap) = (shortest, longestGap)
    }

    /// A run too short to be a note, this close in pitch (cents) to the run after it, is that note's attack.
    static let samePitch = 50.0

    public func notes(in readings: [PitchReading]) -> [PlayedNote] {
        // Runs of readings that share a note start.
        var runs: [[PitchReading]] = []
        for reading in readings where reading.frequency != nil {
            if let last = runs.last?.last, last.noteStart == reading.noteStart, reading.time - last.time <= longestGap {
                runs[runs.count - 1].append(reading)
            } else {
                runs.append([reading])
            }
        }
        // The tracker also starts a note where the pitch jumps inside an attack: the
        // short run before the jump joins the note, whose onset it is.
        var notes: [[PitchReading]] = []
        for run in runs {
            if let previous = notes.last, let end = previous.last, let start = run.first, start.time - end.time <= longestGap,
               end.time - previous[0].time < shortest, abs(1200 * log2(Self.median(run) / Self.median(previous))) < Self.samePitch {
                notes[notes.count - 1] += run
            } else {
                notes.append(run)
            }
        }
        return notes.compactMap { run in
            guard let first = run.first, let last = run.last, let start = first.noteStart, last.time - first.time >= shortest - 1e-9 else { return nil }
            return PlayedNote(onset: start, duration: last.time - start, frequency: Self.median(Array(run[(run.count / 4)...])))
        }
    }

    /// The median frequency of readings that all have one, on a log scale.
    private static func median(_ run: [PitchReading]) -> Double {
        let sorted = run.compactMap(\.frequency).map(log2).sorted()
        let middle = sorted.count / 2
        return exp2(sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2)
    }
}
