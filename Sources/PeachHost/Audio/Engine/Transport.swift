import MusicalTime

/// The engine's musical time: a tempo map laid on the engine's frame clock,
/// beat 0 at `originFrame`. Events scheduled at a beat position are placed
/// on the frame the map computes from its fixed origin, so a click at bar
/// 900 lands as exactly as one at bar 1 (nothing is summed as time passes).
public struct Transport: Sendable {
    public let map: TempoMap
    public let originFrame: Int64

    public init(map: TempoMap, originFrame: Int64) {
        self.map = map
        self.originFrame = originFrame
    }

    /// The frame of the engine's clock an event at `position` plays on.
    public func frame(at position: BeatPosition) -> Int64 { originFrame + map.frame(at: position) }

    /// Beats since beat 0 at `frame` (negative before the origin): for display.
    public func beats(atFrame frame: Int64) -> Double { map.beats(atFrame: frame - originFrame) }
}
