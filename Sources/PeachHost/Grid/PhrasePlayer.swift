import PeachAudio

/// Plays a recorded phrase back on a track of its own, every note on the
/// frame it was played on relative to the start: the phrase is events, so
/// playback is exact. [main-thread]
public final class PhrasePlayer {
    private let engine: AudioEngine
    public let track: TrackID
    public private(set) var endFrame: Int64?
    /// The phrase playing and the frame it began on, for a screen to show its notes.
    private var playing: (phrase: Phrase, start: Int64)?

    public init(engine: AudioEngine, track: TrackID) {
        self.engine = engine
        self.track = track
    }

    /// Schedules the whole phrase from `frame`, in place of any playback still going.
    public func play(_ phrase: Phrase, at frame: Int64) throws {
        stop()
        var events: [ScheduledEvent] = []
        for note in phrase.notes {
            let id = engine.makeNoteID()
            events.append(.noteOn(id, frequency: note.frequency, velocity: note.velocity, at: frame + note.startFrame))
            events.append(.noteOff(id, at: frame + note.startFrame + note.lengthFrames))
        }
        // A note's end and the next one's start on the same frame: the end first, as the player let go.
        events.sort { ($0.frame, $0.kind == .noteOn ? 1 : 0) < ($1.frame, $1.kind == .noteOn ? 1 : 0) }
        for event in events { try engine.schedule(event, on: track) }
        endFrame = frame + phrase.lengthFrames
        playing = (phrase, frame)
    }

    /// The keys (MIDI numbers) of the phrase's notes sounding at `frame`.
    public func notesSounding(at frame: Int64) -> Set<Int> {
        guard let playing, isPlaying(at: frame) else { return [] }
        let offset = frame - playing.start
        return Set(playing.phrase.notes.filter { (offset >= $0.startFrame) && offset < $0.startFrame + $0.lengthFrames }.map(\.note))
    }

    /// The first frame after `frame` on which a note of the playback starts or ends.
    public func nextChange(after frame: Int64) -> Int64? {
        guard let playing, isPlaying(at: frame) else { return nil }
        return playing.phrase.notes.flatMap { [$0.startFrame, $0.startFrame + $0.lengthFrames] }.map { $0 + playing.start }.filter { $0 > frame }.min()
    }

    /// Whether playback has reached its end by `frame`.
    public func isPlaying(at frame: Int64) -> Bool { endFrame.map { frame < $0 } ?? false }

    /// Drops what has not played yet; sounding notes fade with the source's release.
    public func stop() {
        guard endFrame != nil else { return }
        engine.cancelScheduled(on: track)
        endFrame = nil
        playing = nil
    }
}
