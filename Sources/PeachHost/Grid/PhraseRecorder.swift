/// Collects the notes the grid plays into a phrase, by the frames they were
/// scheduled on, from `startFrame` for at most `Phrase.longestSeconds`.
public struct PhraseRecorder: Sendable {
    public let startFrame: Int64
    public let sampleRate: Double
    private var notes: [PhraseNote] = []
    /// Index in `notes` of each note still sounding, by the player's note id.
    private var open: [Int32: Int] = [:]

    public init(startFrame: Int64, sampleRate: Double) {
        self.startFrame = startFrame
        self.sampleRate = sampleRate
    }

    /// The frame the recording stops on by itself.
    public var endFrame: Int64 { startFrame + Phrase.longestFrames(sampleRate: sampleRate) }

    /// Whether `frame` is past the recording's end.
    public func isFull(at frame: Int64) -> Bool { frame >= endFrame }

    public mutating func noteOn(id: Int32, key: GridKey, frequency: Double, velocity: Double, at frame: Int64) {
        guard frame >= startFrame, !isFull(at: frame) else { return }
        open[id] = notes.count
        notes.append(PhraseNote(startFrame: frame - startFrame, lengthFrames: 0, note: key.note.number, name: key.name,
                                frequency: frequency, velocity: velocity))
    }

    public mutating func noteOff(id: Int32, at frame: Int64) {
        guard let index = open.removeValue(forKey: id) else { return }
        notes[index].lengthFrames = min(frame, endFrame) - startFrame - notes[index].startFrame
    }

    /// The phrase recorded, ended at `frame` (or at its limit), from its
    /// first note: the wait before it is not part of the phrase. Notes still
    /// sounding end at the end. Nil if no note was played.
    public func phrase(endingAt frame: Int64, sound: PhraseSound) -> Phrase? {
        guard let first = notes.first?.startFrame else { return nil }
        let end = min(max(frame, startFrame), endFrame) - startFrame
        var notes = self.notes
        for index in open.values { notes[index].lengthFrames = end - notes[index].startFrame }
        for index in notes.indices { notes[index].startFrame -= first }
        return Phrase(sound: sound, sampleRate: sampleRate, lengthFrames: end - first, notes: notes)
    }
}
