import PeachAudio
import PeachMusic

/// Plays the grid's keys on an engine track, each on the first frame the
/// engine can sound it exactly (`earliestOnTimeFrame`, a block or two
/// ahead). A key held with the mouse sounds until it is let go; a key typed
/// on the computer keyboard, which reports no release, sounds for a tap's
/// length. With sustain on, a key let go rings on. Events on a track must go
/// in frame order, so ends that lie ahead are kept here and scheduled when
/// their frame comes (`scheduleEnds`); a press in between is never held back.
/// [main-thread]
public final class GridPlayer {
    private let engine: AudioEngine
    public let track: TrackID
    public var reference: Double
    public var sustain = false
    /// Set while a phrase is being recorded: every note played goes into it.
    public var recorder: PhraseRecorder?
    private var sounding: [Sounding] = []
    /// The last frame scheduled on the track, which no later event may precede.
    private var lastFrame: Int64 = 0

    private struct Sounding {
        let id: Int32
        let key: GridKey
        /// When it is to end; nil while the mouse holds it.
        var end: Int64?
    }

    /// A typed key's length without sustain: long enough to hear a pitch, short enough for a quick run.
    public static let tapSeconds = 0.35
    /// How long a key rings on after it is let go, with sustain.
    public static let sustainSeconds = 2.0
    public static let velocity = 0.8

    public init(engine: AudioEngine, track: TrackID = .main, reference: Double) {
        self.engine = engine
        self.track = track
        self.reference = reference
    }

    /// Sounds `key` from `frame` (or the track's last event, if later): until
    /// `release` when `held`, else for a tap. A key already sounding starts again.
    /// Returns the frame it sounds on.
    @discardableResult
    public func press(_ key: GridKey, at frame: Int64, held: Bool) throws -> Int64 {
        let start = max(frame, lastFrame)
        // Ends due by then go first: a track's events are in frame order.
        try scheduleEnds(through: start)
        let frequency = Pitch.frequency(of: key.note, reference: reference)
        try engine.checkPlayable(frequency, on: track)
        if let index = sounding.firstIndex(where: { $0.key.index == key.index }) { try end(at: index, frame: start) }
        let id = engine.makeNoteID()
        try schedule(.noteOn(id, frequency: frequency, velocity: Self.velocity, at: start))
        recorder?.noteOn(id: id, key: key, frequency: frequency, velocity: Self.velocity, at: start)
        let tap = sustain ? Self.sustainSeconds : Self.tapSeconds
        sounding.append(Sounding(id: id, key: key, end: held ? nil : start + engine.format.frames(seconds: tap)))
        return start
    }

    /// Lets go of a held key at `frame`: it ends there, or rings on with sustain.
    public func release(_ key: GridKey, at frame: Int64) throws {
        guard let index = sounding.firstIndex(where: { $0.key.index == key.index && $0.end == nil }) else { return }
        if sustain {
            sounding[index].end = frame + engine.format.frames(seconds: Self.sustainSeconds)
        } else {
            try end(at: index, frame: frame)
        }
    }

    /// Schedules the ends that are due by `frame`, each on its own frame or, if that has passed, on `frame`.
    public func scheduleEnds(through frame: Int64) throws {
        while let index = sounding.firstIndex(where: { ($0.end ?? .max) <= frame }) {
            try end(at: index, frame: max(sounding[index].end!, frame))
        }
    }

    /// The frame the next typed or released key is due to end on.
    public var nextEnd: Int64? { sounding.compactMap(\.end).min() }

    /// The keys sounding now, by their index in the layout.
    public var soundingKeys: Set<Int> { Set(sounding.map(\.key.index)) }

    /// Ends every key at `frame`.
    public func stopAll(at frame: Int64) throws {
        while !sounding.isEmpty { try end(at: 0, frame: frame) }
    }

    /// After the track's source was swapped: the old one fades its notes out itself.
    public func forgetSounding(at frame: Int64) {
        for note in sounding { recorder?.noteOff(id: note.id, at: frame) }
        sounding.removeAll()
    }

    private func end(at index: Int, frame: Int64) throws {
        let note = sounding.remove(at: index)
        let at = max(frame, lastFrame)
        try schedule(.noteOff(note.id, at: at))
        recorder?.noteOff(id: note.id, at: at)
    }

    private func schedule(_ event: ScheduledEvent) throws {
        try engine.schedule(event, on: track)
        lastFrame = event.frame
    }
}
