import PeachHost

/// The Sine plugin built by this checkout, loaded the way Peach loads it.
public enum SineFixture {
    public static func instance(options: [String: String] = [:], library: String = BuildProducts.sinePlugin) throws -> SourceInstance {
        let instance = try PluginLibrary.load(path: library).makeInstance(of: "org.peach.sine")
        for (key, value) in options.sorted(by: { $0.key < $1.key }) { try instance.set(key, to: value) }
        return instance
    }

    /// Renders `notes` (frequency, start frame, length) through `output` and returns the engine's notices.
    @discardableResult
    public static func render(_ notes: [(frequency: Double, start: Int64, frames: Int64)], through output: AudioOutput,
                              options: [String: String] = [:], velocity: Double = 1) throws -> [EngineNotice] {
        let engine = try AudioEngine(output: output, source: try instance(options: options))
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
