import Glibc
import PeachAudio
import PeachDrone
import PeachHost
import PeachMetronome
import PeachMusic
import PeachText

/// The engine a practice tool plays through: the metronome's clicks on one
/// track, the drone on another, each with its own source, mixed. The same rig
/// renders a file offline and plays live, so both follow one code path.
final class PracticeRig {
    let engine: AudioEngine
    private(set) var metronome: MetronomePlayer?
    private(set) var drone: DronePlayer?
    /// Every click planned so far, when the caller wants them (`--json`).
    var keepsClicks = false
    private(set) var clicks: [Click] = []
    /// False for a visual-only metronome: clicks are planned and shown, none sounds. Kept across pauses.
    var clicksAudible = true {
        didSet { metronome?.audible = clicksAudible }
    }

    /// `clickSource` and `droneSource` (at least one) are made but not yet active.
    init(output: AudioOutput, clickSource: SourceInstance?, droneSource: SourceInstance?) throws {
        guard let first = clickSource ?? droneSource else { preconditionFailure("a rig needs a source") }
        engine = try AudioEngine(output: output, source: first, pluginLog: .command, interrupt: StopRequest.interrupt, faultWording: { said($0) })
        // The clicks take the main track when there are any; the drone its own beside them.
        clickTrack = clickSource == nil ? nil : .main
        if let droneSource {
            drone = DronePlayer(engine: engine, track: clickSource == nil ? .main : try engine.addTrack(source: droneSource))
        }
    }

    private var clickTrack: TrackID?
    var hasClickTrack: Bool { clickTrack != nil }

    /// Starts the metronome's beat 0 on `frame`.
    func startMetronome(_ setup: MetronomeSetup, sound: ClickSound, at frame: Int64) throws {
        guard let clickTrack else { return }
        metronome = try MetronomePlayer(setup: setup, sound: sound, engine: engine, track: clickTrack, startFrame: frame)
        metronome?.audible = clicksAudible
    }

    /// Adds the metronome's track while playing (its source made but not active).
    func addClickTrack(source: SourceInstance) throws {
        clickTrack = try engine.addTrack(source: source)
    }

    /// Adds the drone's track while playing.
    func addDrone(source: SourceInstance) throws {
        drone = DronePlayer(engine: engine, track: try engine.addTrack(source: source))
    }

    /// Swaps the drone's source (its notes fade out with the old one); the
    /// caller plays the drone again on `frame`, which is where the old notes'
    /// ends are written too: events on a track go in frame order, and the
    /// swap itself may already have put some there.
    func replaceDroneSource(with source: SourceInstance, at frame: Int64) throws {
        guard let drone else { return }
        try engine.swapSource(to: source, on: drone.track)
        try drone.stop(at: frame)
    }

    /// Drops the clicks not yet played; `startMetronome` begins again.
    func pauseMetronome() {
        guard let clickTrack else { return }
        engine.cancelScheduled(on: clickTrack)
        metronome = nil
    }

    /// Schedules every click of the beats that start before `frame`.
    func scheduleClicks(before frame: Int64) throws {
        guard let metronome else { return }
        let planned = try metronome.schedule(before: frame)
        if keepsClicks { clicks += planned }
    }

    /// Renders `frames` offline, scheduling a second ahead as it goes, then
    /// lets the drone fade; returns what the engine noticed.
    func renderOffline(frames: Int64) throws -> [EngineNotice] {
        var notices: [EngineNotice] = []
        let step = Int64(engine.format.sampleRate)
        while engine.renderedFrames < frames, !notices.contains(where: { $0.endsRendering || $0.isRefusal }), !StopRequest.isRaised {
            let end = min(frames, engine.renderedFrames + step)
            // Rendering stops at a block's end, past `end`: the clicks of that block are scheduled too, none past `frames`.
            try scheduleClicks(before: min(frames, end + Int64(engine.format.blockFrames)))
            let before = engine.renderedFrames
            notices += engine.render(through: end)
            guard engine.renderedFrames > before else { break }  // the output is gone; its notice says so
        }
        // A render the output ended (a reader that closed its pipe) has no tail to wait for.
        if notices.contains(where: \.endsRendering) { return notices }
        try drone?.stop(at: max(frames, engine.renderedFrames))
        notices += engine.render(through: engine.renderedFrames, thenUntilSilentWithin: Int64(engine.format.sampleRate))
        return notices
    }

    /// A note the source refused ends a practice tool: a metronome missing
    /// clicks or a drone missing a tone is no use. Says the note, its key
    /// and the source's reason ("no click on key 56 …").
    func refusedNote(in notices: [EngineNotice]) -> Failure? {
        for case .noteRefused(let id, _, let frequency) in notices {
            let key = Int((69 + 12 * log2(frequency / Pitch.standardReference)).rounded())
            return Failure(localized(.practiceNoteRefused, frequency.hertz(), key, engine.refusals[id] ?? ""))
        }
        return nil
    }

    /// Ends an offline render: a refused note stops it; otherwise as `peach play`.
    func finish(output: AudioOutput, notices: [EngineNotice]) throws {
        if let refused = refusedNote(in: notices) {
            try engine.stop()
            throw refused
        }
        try finishRender(engine, output: output, notices: notices)
    }
}

extension EngineNotice {
    var isRefusal: Bool {
        if case .noteRefused = self { true } else { false }
    }
}
