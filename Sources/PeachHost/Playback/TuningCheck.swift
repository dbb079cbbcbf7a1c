import PeachAudio
import PeachMusic
/// How far from the asked pitch a source really sounds: it plays A4 and the
/// Cs from C2 to C7 through the engine into memory and measures each note in
/// the rendered sound (`PitchMeter`), over its steady last second and in
/// windows over the whole note. What `peach sources --check` prints, so a
/// user can trust a source, or see a SoundFont's own tuning.
public enum TuningCheck {
    public static let notes = [69, 36, 48, 60, 72, 84, 96].map { MIDINote(number: $0)! }
    private static let format = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256)
    /// Each note sounds 1.5 s and is measured over its last second; then all
    /// notes are let go and 0.5 s of rest keeps its release out of the next.
    private static let noteFrames = 72_000, restFrames = 24_000, skippedFrames = 24_000

    public struct Reading: Equatable, Sendable {
        public var note: MIDINote
        /// Measured against asked, in cents; nil if no tone was found (silence, noise).
        public var cents: Double?
        /// Whether the pitch held within `steadyCents` over the measured second:
        /// an ensemble, a chorus or a decaying bell has no one pitch to report.
        public var steady: Bool
        /// The pitch farthest from the asked one (in cents, signed) among
        /// windows covering the whole note, from `onsetFrames` after its start
        /// to its end: a slide into the note or a vibrato shows here, not in
        /// `cents`. Nil if some window held no tone within the meter's search.
        public var worstCents: Double?
    }

    /// The whole-note windows start this long after the note: its first 20 ms.
    private static let onsetFrames = 960

    /// How far the second half of the measured second may differ from the first for a note to count as steady.
    public static let steadyCents = 1.0

    /// [main-thread] Activates `source`, plays the notes, deactivates it.
    /// `pluginLog` and `faultWording` are the engine's (`AudioEngine.init`): the edge's, so a plugin's lines and
    /// a crash are said as everywhere else.
    public static func measure(_ source: SourceInstance, reference: Double = Pitch.standardReference, pluginLog: PluginLog? = nil,
                               faultWording: @escaping (PluginFault) -> String = \.description) throws -> [Reading] {
        let spacing = noteFrames + restFrames
        let output = MemoryOutput(format: format, capacityFrames: notes.count * spacing + format.blockFrames)
        let engine = try AudioEngine(output: output, source: source, pluginLog: pluginLog, faultWording: faultWording)
        // Notes outside the range the source declares are not played: their cells show no pitch.
        let range = source.noteRange()
        let playable = notes.map { range?.contains(Pitch.frequency(of: $0, reference: reference)) ?? true }
        for (index, note) in notes.enumerated() where playable[index] {
            let start = Int64(index * spacing)
            try engine.playNote(frequency: Pitch.frequency(of: note, reference: reference), velocity: 0.8, at: start, durationFrames: Int64(noteFrames))
            try engine.schedule(.allNotesOff(at: start + Int64(noteFrames)))
        }
        let notices = engine.render(through: Int64(notes.count * spacing))
        try engine.stop()
        if let failure = notices.first(where: { $0.endsRendering || $0.silencedSource }) {
            throw SourceError.stopped(source: source.descriptor.id, notice: failure, reason: source.lastError)
        }
        let samples = output.samples(channel: 0)
        return notes.enumerated().map { index, note in
            guard playable[index] else { return Reading(note: note, cents: nil, steady: false, worstCents: nil) }
            let start = index * spacing + skippedFrames
            let asked = Pitch.frequency(of: note, reference: reference)
            let reading = PitchMeter.measure(samples[start..<(start + noteFrames - skippedFrames)], sampleRate: format.sampleRate, near: asked)
            return Reading(note: note, cents: reading.map { Pitch.cents(from: asked, to: $0.frequency) },
                           steady: reading.map { abs($0.driftCents) < steadyCents } ?? false,
                           worstCents: reading.flatMap { worst(samples[(index * spacing)..<(index * spacing + noteFrames)], asked: asked, whole: $0) })
        }
    }

    /// The window of `note` whose pitch lies farthest from `asked`, following
    /// the harmonic the `whole` reading found. Windows are 50 ms, or sixteen
    /// periods where that is longer (what the meter needs), and overlap by
    /// half; nil if one holds no tone within the meter's search of `asked`.
    private static func worst(_ note: ArraySlice<Float>, asked: Double, whole: PitchMeter.Reading) -> Double? {
        let length = max(2400, Int(16 * format.sampleRate / asked) + 1)
        var worst = 0.0
        for start in stride(from: note.startIndex + onsetFrames, through: note.endIndex - length, by: length / 2) {
            guard let reading = PitchMeter.follow(note[start..<(start + length)], sampleRate: format.sampleRate, from: whole) else { return nil }
            let cents = Pitch.cents(from: asked, to: reading.frequency)
            guard abs(cents) <= PitchMeter.searchCents else { return nil }
            if abs(cents) > abs(worst) { worst = cents }
        }
        return worst
    }
}
