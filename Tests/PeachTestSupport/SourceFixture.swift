import PeachAudio
import PeachHost

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
}
