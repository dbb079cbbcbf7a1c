import Glibc
import PeachMusic

/// How a played pitch sits against a drone, for intonation practice: the
/// interval above the drone's root it is nearest to, in any octave, and how
/// many cents from that interval it is. Against a just drone the intervals
/// are pure (5-limit: 5:4 thirds, 3:2 fifths, 9:5 minor sevenths), which is
/// what a player tunes to by ear against a held root; against an equal one
/// they are the piano's.
public struct DroneIntonation: Equatable, Sendable {
    /// Semitones from the drone's root: 7 a fifth, 19 a fifth an octave up, −5 a fourth below.
    public var semitones: Int
    /// Cents above (+) or below (−) that interval.
    public var cents: Double

    public init?(frequency: Double, against setup: DroneSetup) {
        guard frequency > 0, frequency.isFinite, let root = setup.frequencies.first else { return nil }
        let above = 1200 * log2(frequency / root)
        let octave = (above / 1200).rounded(.down)
        let within = above - 1200 * octave
        let steps = setup.tuning == .just ? Self.justCents : (0...12).map { Double($0) * 100 }
        let step = steps.indices.min { abs(within - steps[$0]) < abs(within - steps[$1]) }!
        semitones = Int(octave) * 12 + step
        cents = within - steps[step]
    }

    /// Pure intervals from the unison to the octave, in cents.
    private static let justRatios: [(Double, Double)] = [(1, 1), (16, 15), (9, 8), (6, 5), (5, 4), (4, 3), (45, 32), (3, 2), (8, 5), (5, 3), (9, 5), (15, 8), (2, 1)]
    private static let justCents = justRatios.map { 1200 * log2($0.0 / $0.1) }
}
