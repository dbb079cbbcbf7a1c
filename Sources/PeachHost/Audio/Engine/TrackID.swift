/// One of the engine's tracks. The main track, made with the engine, plays
/// what the single-source API (`schedule`, `swapSource`, …) addresses.
public struct TrackID: Hashable, BitwiseCopyable, Sendable, CustomStringConvertible {
    let index: Int

    public static let main = TrackID(index: 0)

    public var description: String { "track \(index)" }
}

/// A notice from the render thread and the track it concerns; nil for the
/// engine as a whole (the output's underruns and failures).
public struct TrackNotice: BitwiseCopyable, Equatable, Sendable {
    public var track: TrackID?
    public var notice: EngineNotice

    public init(track: TrackID?, notice: EngineNotice) {
        self.track = track
        self.notice = notice
    }
}
