import PeachAudio
import PeachHost
import PeachMusic

/// Sources built by this checkout, loaded and played the way Peach does it.
public enum SourceFixture {
    /// An inactive instance of `id` from `library`, with `options` set (in key order).
    public static func instance(of id: String, library: String, options: [String: String]) throws -> SourceInstance {
        let instance = try PluginLibrary.load(path: library).makeInstance(of: id)
        for (key, value) in options.sorted(by: { $0.key < $1.key }) { try instance.set(key, to: value) }
        return instance
    }

    /// Renders `notes` (frequency, start frame, length) with `source` through
    /// `output`, until every note has died away, and returns the engine's notices.
    @discardableResult
    public static func render(_ notes: [(frequency: Double, start: Int64, frames: Int64)], with source: SourceInstance,
                              through output: AudioOutput, velocity: Double = 1) throws -> [EngineNotice] {
        let engine = try AudioEngine(output: output, source: source)
        // Notes may overlap, and the engine takes events in frame order.
        let events = notes.flatMap { note in
            let id = engine.makeNoteID()
            return [ScheduledEvent.noteOn(id, frequency: note.frequency, velocity: velocity, at: note.start),
                    ScheduledEvent.noteOff(id, at: note.start + note.frames)]
        }.sorted { $0.frame < $1.frame }
        for event in events { try engine.schedule(event) }
        let end = events.last?.frame ?? 0
        let notices = engine.render(through: end, thenUntilSilentWithin: Int64(engine.format.sampleRate))
        try engine.stop()
        return notices
    }

    /// What a rendering of one-shot notes gave: the sound of each channel,
    /// what the engine said, and what the source said of the notes it
    /// refused (by note id).
    public struct OneShots {
        public var channels: [[Float]]
        public var notices: [EngineNotice]
        public var refusals: [Int32: String]
        /// The note id of each note, in the order given.
        public var noteIDs: [Int32]

        public var samples: [Float] { channels[0] }
    }

    /// Renders one-shot notes (a click, a sample: note-ons only, on MIDI keys,
    /// in frame order) with `source` through the real engine into memory at
    /// 48 kHz, for the blocks of `blockFrames` that cover `frames`, block by
    /// block on the calling thread, so every run gives the same samples.
    public static func renderOneShots(_ notes: [(key: Int, frame: Int64, velocity: Double)], with source: SourceInstance,
                                      frames: Int, channels: Int = 1, blockFrames: Int = 256) throws -> OneShots {
        let format = AudioFormat(sampleRate: 48000, channels: channels, blockFrames: blockFrames)
        let output = MemoryOutput(format: format, capacityFrames: frames + blockFrames)
        let engine = try AudioEngine(output: output, source: source)
        var ids: [Int32] = []
        for note in notes {
            let id = engine.makeNoteID()
            ids.append(id)
            try engine.schedule(.noteOn(id, frequency: Pitch.frequency(of: MIDINote(number: note.key)!), velocity: note.velocity, at: note.frame))
        }
        let notices = engine.renderBlocks((frames + blockFrames - 1) / blockFrames).map(\.notice)
        try engine.stop()
        return OneShots(channels: (0..<channels).map { output.samples(channel: $0) }, notices: notices, refusals: engine.refusals, noteIDs: ids)
    }
}
