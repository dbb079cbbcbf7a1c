import MusicalTime
import PeachAudio
import PeachMusic

/// Puts a metronome's clicks on an engine track, a little ahead of the
/// sound: the caller asks it to schedule up to a frame (offline, the next
/// stretch to render; live, the rendered frame plus a horizon). Every click
/// is an event at its exact frame of the audio clock, so the source starts it
/// on that sample whatever the block size: no timer decides when it sounds.
public final class MetronomePlayer {
    public let plan: ClickPlan
    public private(set) var timeline: MetronomeTimeline
    public var sound: ClickSound
    /// Visual-only practice: clicks are still planned and shown, none sounds.
    public var audible = true
    private let engine: AudioEngine
    public let track: TrackID
    /// The first beat not yet planned.
    public private(set) var nextBeat: Int64 = 0
    /// The clicks of the last beat planned that are not yet scheduled.
    private var plannedClicks: [Click] = []
    private var taps: TapTempo
    /// The last click's note-off, held back until the next click is known: a click lasts `clickSeconds` or until the next one.
    private var pendingOff: (id: Int32, frame: Int64)?
    /// Long enough for a source with an envelope (a sine) to sound a click; one-shot sources ignore note-offs.
    public static let clickSeconds = 0.03

    public init(setup: MetronomeSetup, sound: ClickSound, engine: AudioEngine, track: TrackID = .main, startFrame: Int64) throws {
        try setup.check()
        // Without a seed of the setup's, each start drops other beats.
        plan = ClickPlan(setup: setup, seed: .random(in: MetronomeSetup.seedRange))
        timeline = try MetronomeTimeline(setup: setup, startFrame: startFrame, sampleRate: Int(engine.format.sampleRate))
        self.sound = sound
        self.engine = engine
        self.track = track
        taps = TapTempo(sampleRate: engine.format.sampleRate)
    }

    /// Schedules every click before `frame`, and returns them (silent ones too).
    @discardableResult
    public func schedule(before frame: Int64) throws(EngineError) -> [Click] {
        var scheduled: [Click] = []
        while true {
            // A beat is planned whole; its clicks go out one by one, so none past `frame` is scheduled.
            if plannedClicks.isEmpty, timeline.frame(beat: nextBeat) < frame {
                plannedClicks = plan.clicks(ofBeat: nextBeat, on: timeline)
                nextBeat += 1
            }
            guard var click = plannedClicks.first, click.frame < frame else { break }
            plannedClicks.removeFirst()
            if !audible && click.sounds { click.silencedBy = .silentMetronome }
            scheduled.append(click)
            guard click.sounds else { continue }
            try releasePending(before: click.frame)
            let (key, velocity) = sound.voice(click)
            let id = engine.makeNoteID()
            // At A4 = 440 Hz whatever the reference: percussion keys are names, not pitches.
            let frequency = Pitch.frequency(of: MIDINote(number: key)!)
            try engine.schedule(.noteOn(id, frequency: frequency, velocity: velocity, at: click.frame), on: track)
            pendingOff = (id, click.frame + Int64(Self.clickSeconds * engine.format.sampleRate))
        }
        // Every click before `frame` is scheduled, so a note-off before it can go now without coming after a later note-on.
        if let pending = pendingOff, pending.frame < frame { try releasePending(before: pending.frame) }
        return scheduled
    }

    /// Sends the held note-off, at its frame or at `frame` if that comes first.
    private func releasePending(before frame: Int64) throws(EngineError) {
        guard let pending = pendingOff else { return }
        try engine.schedule(.noteOff(pending.id, at: min(pending.frame, frame)), on: track)
        pendingOff = nil
    }

    /// A new steady tempo from the first beat not yet scheduled. Returns that beat.
    @discardableResult
    public func changeTempo(to bpm: Double) throws -> Int64 {
        try checkTempo(bpm)
        try timeline.change(to: bpm, fromBeat: nextBeat)
        return nextBeat
    }

    /// A tap at `frame` (the engine's clock). From the third, the tempo is the
    /// taps' and the beats fall in step with them: what is scheduled after the
    /// taps is dropped and planned again. Returns the tapped tempo.
    @discardableResult
    public func tap(atFrame frame: Int64) throws -> Double? {
        guard let bpm = taps.tap(atFrame: frame), let last = taps.lastTap else { return nil }
        try checkTempo(bpm)
        engine.cancelScheduled(on: track)
        pendingOff = nil
        plannedClicks.removeAll()
        // The next beat falls a whole number of tapped beats after the last tap, and after what has sounded.
        let beatFrames = 60 * engine.format.sampleRate / bpm
        let rendered = max(engine.renderedFrames, frame)
        let ahead = ((Double(rendered - last) / beatFrames).rounded(.down) + 1)
        let firstFrame = last + Int64((ahead * beatFrames).rounded())
        // Start a bar's count from the beat after the last one that sounded.
        let beat = nextBeatSounded(before: rendered)
        try timeline.change(to: bpm, fromBeat: beat, at: firstFrame)
        nextBeat = beat
        return bpm
    }

    /// The first beat whose click has not sounded by `frame`.
    private func nextBeatSounded(before frame: Int64) -> Int64 {
        var beat = nextBeat
        while beat > 0, timeline.frame(beat: beat - 1) >= frame { beat -= 1 }
        return beat
    }

    private func checkTempo(_ bpm: Double) throws(MetronomeSetupError) {
        guard MetronomeSetup.tempoRange.contains(bpm) else { throw .tempoOutside(bpm, allowed: MetronomeSetup.tempoRange) }
    }
}
