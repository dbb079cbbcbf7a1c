/// A tempo in beats per minute, exact to a thousandth of a beat per minute.
///
/// Held as a whole number of milli-BPM so that the frame of every beat at a
/// steady tempo is an exact fraction (`TempoMap`), never a running sum of
/// floating-point beat lengths.
public struct Tempo: Hashable, Comparable, Sendable {
    public let milliBPM: Int64

    /// The nearest thousandth of `bpm`; nil unless it is positive and finite.
    public init?(bpm: Double) {
        guard bpm.isFinite, bpm > 0, bpm < 1e12 else { return nil }
        let milli = (bpm * 1000).rounded()
        guard milli >= 1 else { return nil }
        milliBPM = Int64(milli)
    }

    public init?(milliBPM: Int64) {
        guard milliBPM > 0 else { return nil }
        self.milliBPM = milliBPM
    }

    public var bpm: Double { Double(milliBPM) / 1000 }

    public static func < (a: Tempo, b: Tempo) -> Bool { a.milliBPM < b.milliBPM }
}
