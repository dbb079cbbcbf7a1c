import PeachAudio
import PeachDrone
import PeachHost
import PeachMetronome
import PeachText

/// A drone, a metronome or both sounding softly under training pairs, each on
/// a track of its own beside the pairs'. Off unless asked for: a drone under
/// pitch-discrimination pairs changes the task (each note is heard against
/// it, as an interval), and a click pulls attention off the pitch.
/// [main-thread]
final class TrainingBackdrop {
    let drone: DroneSetup?
    let bpm: Double?
    private let makeDroneSource: () throws -> SourceInstance
    private let makeClickSource: () throws -> SourceInstance
    private var dronePlayer: DronePlayer?
    private var metronome: MetronomePlayer?

    /// Track gains: about 12 dB under the pairs, whatever the sources, there to lean on, not to listen to.
    static let droneGain: Float = 0.25
    static let clickGain: Float = 0.3
    /// Clicks are scheduled this far ahead: more than the training screen's longest wait between looks (0.25 s).
    static let aheadSeconds = 0.5

    init(drone: DroneSetup?, bpm: Double?, catalog: SourceCatalog) {
        self.drone = drone
        self.bpm = bpm
        makeDroneSource = { try DroneTimbre.pure.makeSource(from: catalog) }
        makeClickSource = { try MetronomeCommand.makeClickSource(from: catalog) }
    }

    /// Adds the tracks to a new engine and starts them on its next block.
    func attach(to engine: AudioEngine) throws {
        let start = engine.renderedFrames + Int64(engine.format.blockFrames * 2)
        if let drone {
            dronePlayer = DronePlayer(engine: engine, track: try engine.addTrack(source: try makeDroneSource(), gain: Self.droneGain))
            try dronePlayer?.play(drone, at: start)
        }
        if let bpm {
            metronome = try MetronomePlayer(setup: MetronomeSetup(bpm: bpm), sound: .woodblock, engine: engine,
                                            track: try engine.addTrack(source: try makeClickSource(), gain: Self.clickGain), startFrame: start)
            try keepAhead(of: engine)
        }
    }

    /// Schedules the clicks due soon; the training screen calls it every time it looks.
    /// A click the engine will not take stops the metronome, and says why.
    func keepAhead(of engine: AudioEngine) throws(EngineError) {
        do {
            _ = try metronome?.schedule(before: engine.renderedFrames + Int64(Self.aheadSeconds * engine.format.sampleRate))
        } catch {
            metronome = nil
            throw error
        }
    }

    /// What sounds under the pairs, and why it matters, for the training screen.
    var notice: String {
        let parts = [drone.map { localized(.backdropDrone, $0.rootName) }, bpm.map { localized(.backdropMetronome, $0.compact) }]
        return localized(.backdropNotice, parts.compactMap { $0 }.joined(separator: ", "))
    }
}
