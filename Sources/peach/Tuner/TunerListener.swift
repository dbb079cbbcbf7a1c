import PeachHost

/// The tuner's engine: it captures the input (one channel of it), plays the
/// drone when there is one, and hands what it heard to the pitch tracker.
/// Live, the engine's render thread captures and the main thread reads;
/// offline (a file for a script), the engine renders block by block here, as
/// fast as it can, with the same result every time.
final class TunerListener {
    let engine: AudioEngine
    let drone: DronePlayer?
    let tracker: PitchTracker
    private let channel: CapturedChannel
    /// Blocks rendered per offline step: 0.27 s, well inside the capture ring.
    private static let offlineBlocks = 50

    /// `source` plays the drone if `drone` is given, and nothing otherwise (an engine needs one).
    init(input: AudioInput, channel: Int, output: AudioOutput, source: SourceInstance, drone: DroneSetup?, range: ClosedRange<Double>) throws {
        engine = try AudioEngine(output: output, source: source, pluginLog: .command, interrupt: StopRequest.interrupt, faultWording: { said($0) })
        try engine.attach(input: input)
        self.channel = CapturedChannel(index: channel, channels: input.format.channels)
        tracker = PitchTracker(settings: TrackerSettings(sampleRate: engine.format.sampleRate, lowest: range.lowerBound, highest: range.upperBound))
        if let drone {
            self.drone = DronePlayer(engine: engine, track: .main)
            try self.drone?.play(drone, at: 0)
        } else {
            self.drone = nil
        }
    }

    /// [live] Whether the input has ended, from the engine's notices since the last look;
    /// a lost or failing input or output ends the tuner with its words.
    func inputEnded() throws -> Bool {
        try Self.ended(in: engine.pollNotices())
    }

    private static func ended(in notices: [EngineNotice]) throws -> Bool {
        var ended = false
        for notice in notices {
            switch notice {
            case .inputEnded: ended = true
            case .inputLost, .inputFailed: throw Failure(said(notice))
            case let notice where notice.endsRendering: throw Failure(said(notice))
            default: break
            }
        }
        return ended
    }

    /// [live] What the tracker read in the audio captured since the last call.
    func readings() -> [PitchReading] {
        tracker.push(channel.mono(engine.takeCaptured()))
    }

    /// [offline] Renders the next step and reads it; `ended` once the input has
    /// no more audio (the readings of its last step are still returned).
    func renderNext() throws -> (readings: [PitchReading], ended: Bool) {
        let ended = try Self.ended(in: engine.renderBlocks(Self.offlineBlocks).map(\.notice))
        return (readings(), ended)
    }
}
