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

    public func notes(in readings: [PitchReading]) -> [PlayedNote] {
        var notes: [PlayedNote] = []
        var run: [PitchReading] = []
        func close() {
            defer { run.removeAll() }
            guard let first = run.first, let last = run.last, let start = first.noteStart else { return }
            let duration = last.time - start
            guard last.time - first.time >= shortest - 1e-9 else { return }
            let steady = run[(run.count / 4)...].compactMap(\.frequency).map(log2).sorted()
            let middle = steady.count / 2
            let median = steady.count % 2 == 1 ? steady[middle] : (steady[middle - 1] + steady[middle]) / 2
            notes.append(PlayedNote(onset: start, duration: duration, frequency: exp2(median)))
        }
        for reading in readings where reading.frequency != nil {
            if let last = run.last, last.noteStart != reading.noteStart || reading.time - last.time > longestGap { close() }
            run.append(reading)
        }
        close()
        return notes
    }
}
