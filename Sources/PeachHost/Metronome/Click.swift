/// One click of the metronome, where it falls: on an exact frame of the
/// engine's clock, in a bar and beat, at a level. Silent clicks (muted bars,
/// silent beats, a `.` in the accents) are kept, so a display still counts them.
public struct Click: Equatable, Codable, Sendable {
    public var frame: Int64
    /// From 1; the count-in's bars come first.
    public var bar: Int64
    /// From 1.
    public var beat: Int
    /// 0 on the beat, then 1 ..< subdivision.
    public var part: Int
    public var level: AccentLevel
    public var countIn: Bool
    /// Why a click that would sound does not: a muted bar, a random silent
    /// beat, or a metronome shown without sound (`MetronomePlayer.audible`).
    public var silencedBy: Silence?
    /// The tempo the click's bar runs at.
    public var bpm: Double

    public enum Silence: String, Codable, Sendable { case mutedBar, silentBeat, silentMetronome }

    public var sounds: Bool { level != .silent && silencedBy == nil }
}
