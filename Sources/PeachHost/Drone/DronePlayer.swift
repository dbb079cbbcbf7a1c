import PeachAudio

/// Sounds a drone on an engine track until told otherwise. A change starts
/// the new tones on the same frame the old ones are let go, so the source's
/// attack and release cross-fade them: no gap, no click.
public final class DronePlayer {
    public private(set) var setup: DroneSetup?
    private let engine: AudioEngine
    public let track: TrackID
    private var sounding: [Int32] = []

    /// Root loudest, the fifth and octave softer, so they colour the root and their sum stays below full scale.
    static let velocities = [0.8, 0.55, 0.45]

    public init(engine: AudioEngine, track: TrackID = .main) {
        self.engine = engine
        self.track = track
    }

    /// Sounds `setup` from `frame` on, in place of what sounded.
    public func play(_ setup: DroneSetup, at frame: Int64) throws {
        try setup.check()
        let frequencies = setup.frequencies
        // Check every tone before any sounds, so a refused fifth never leaves the root alone.
        for frequency in frequencies { try engine.checkPlayable(frequency, on: track) }
        try stop(at: frame)
        for (index, frequency) in frequencies.enumerated() {
            let id = engine.makeNoteID()
            try engine.schedule(.noteOn(id, frequency: frequency, velocity: Self.velocities[index], at: frame), on: track)
            sounding.append(id)
        }
        self.setup = setup
    }

    /// Lets every tone go at `frame`, with the source's release.
    public func stop(at frame: Int64) throws(EngineError) {
        for id in sounding { try engine.schedule(.noteOff(id, at: frame), on: track) }
        sounding.removeAll()
        setup = nil
    }
}
