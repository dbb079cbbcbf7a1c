/// A place in musical time: whole beats from the start and a part of a beat,
/// counted in ticks. A beat has 720,720 ticks (the least common multiple of
/// 1 to 16), so every subdivision a metronome offers (halves, triplets,
/// quintuplets, septuplets, sixteenths …) is a whole number of ticks.
public struct BeatPosition: Hashable, Comparable, Sendable {
    public static let ticksPerBeat: Int64 = 720_720

    public let ticks: Int64

    public init(ticks: Int64) { self.ticks = ticks }

    /// `beat` whole beats, then `part` of `parts` equal parts of the next one
    /// (`parts` from 1 to 16).
    public init(beat: Int64, part: Int64 = 0, of parts: Int64 = 1) {
        precondition((1...16).contains(parts) && (0..<parts).contains(part), "a beat is divided into 1 to 16 parts")
        ticks = beat * Self.ticksPerBeat + part * (Self.ticksPerBeat / parts)
    }

    public var beats: Double { Double(ticks) / Double(Self.ticksPerBeat) }

    public static func < (a: BeatPosition, b: BeatPosition) -> Bool { a.ticks < b.ticks }
}

/// Where a position falls in the bars: bar and beat from 1, as musicians count,
/// and the ticks past the beat.
public struct BarBeat: Hashable, Sendable {
    public let bar: Int64
    public let beat: Int
    public let ticks: Int64

    public init(bar: Int64, beat: Int, ticks: Int64) {
        self.bar = bar
        self.beat = beat
        self.ticks = ticks
    }
}
