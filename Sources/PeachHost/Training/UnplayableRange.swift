/// Training keys the sound source cannot play, as data; `PeachMessages` words
/// it: a fixed range reaching beyond what the source plays, or a source that
/// plays no key of the piano at all.
public struct UnplayableRange: Error, Equatable {
    /// The keys training was asked to cover.
    public var keys: ClosedRange<Int>
    /// The source, by id, and what it plays.
    public var source: String
    public var playable: PlayablePitches

    public init(keys: ClosedRange<Int>, source: String, playable: PlayablePitches) {
        self.keys = keys
        self.source = source
        self.playable = playable
    }
}
