import Glibc
import PeachAudio
import PeachHost
import PeachText

/// A take being recorded: the engine capturing the input (its render
/// thread reads the device; a silent sine source is all it plays, to a null
/// output), and the main thread taking what was captured into the take's
/// writer, the meter and the clock. Live, the engine runs on its thread and
/// `pump` is called often; offline (a file read as fast as it goes), blocks
/// are rendered on the calling thread.
final class RecordingSession {
    let engine: AudioEngine
    let writer: TakeWriter
    private let channel: CapturedChannel?
    private let inputChannels: Int
    /// Frames to record at most (`--seconds`), or nil until stopped.
    private let limit: Int64?
    private(set) var meter: LevelMeter
    /// Set when the input ended, was lost, or the take reached its length.
    private(set) var ended = false
    /// The notice that ended the input if it was lost or failed.
    private(set) var inputProblem: EngineNotice?
    /// The loudest sample so far.
    private var loudest: Float = 0

    /// `channel`: the one channel recorded, or nil for all of the input's.
    init(input: AudioInput, channel: Int?, source: SourceInstance, library: TakeLibrary, name: String?, format: TakeFormat, seconds: Double?) throws {
        let rate = input.format.sampleRate
        let output = NullOutput(format: AudioFormat(sampleRate: rate, channels: 1, blockFrames: input.format.blockFrames), paced: false)
        engine = try AudioEngine(output: output, source: source, pluginLog: .command, interrupt: StopRequest.interrupt, faultWording: { said($0) })
        try engine.attach(input: input)
        inputChannels = input.format.channels
        self.channel = channel.map { CapturedChannel(index: $0, channels: input.format.channels) }
        limit = seconds.map { Int64(($0 * rate).rounded()) }
        meter = LevelMeter(sampleRate: rate)
        writer = try TakeWriter(library: library, name: name, format: format, sampleRate: Int(rate),
                                channels: channel == nil ? input.format.channels : 1, startTime: Int64(time(nil)))
    }

    /// Takes what was captured into the take; true when this started a burst of clipping.
    /// Throws when the take cannot be written (a full disk): what was written stays.
    func pump() throws -> Bool {
        var captured = engine.takeCaptured()
        if let channel { captured = channel.mono(captured) }
        if let limit {
            let room = Int(limit - writer.frames) * writer.channels
            if captured.count >= room { (captured, ended) = (Array(captured.prefix(room)), true) }
        }
        let clipped = captured.withUnsafeBufferPointer { meter.take($0, channels: writer.channels) }
        loudest = max(loudest, meter.level)
        try writer.append(captured)
        return clipped
    }

    /// Reads the engine's notices: the input's end ends the take; a lost or failed input too, with its notice kept.
    func poll() {
        note(engine.pollNotices())
    }

    private func note(_ notices: [EngineNotice]) {
        for notice in notices {
            switch notice {
            case .inputEnded: ended = true
            case .inputLost, .inputFailed: (ended, inputProblem) = (true, notice)
            default: break
            }
        }
    }

    /// Records offline: renders a second at a time on this thread until the input ends or the length is reached.
    func recordOffline() throws {
        let second = Int(engine.format.sampleRate) / engine.format.blockFrames + 1
        while !ended && !StopRequest.isRaised {
            note(engine.renderBlocks(second).compactMap { $0.track == nil ? $0.notice : nil })
            _ = try pump()
        }
    }

    /// Stops capturing and makes the take from everything captured (the last
    /// of it taken first, unless the take already failed).
    func finish(afterFailure: Bool = false) throws -> FinishedTake {
        try engine.stop()
        if !afterFailure && !ended { _ = try pump() }
        return try writer.finish()
    }

    /// Whether no signal was heard: nothing above -70 dB of full scale (a
    /// quiet room through a microphone is louder; an unplugged input, or a
    /// 16-bit file's dither, is not).
    var heardNothing: Bool { loudest < 0.000_316 }

    /// Frames the engine dropped because the take was not written fast enough.
    var droppedFrames: Int { engine.droppedCapturedSamples / inputChannels }
}
