import PeachPluginAPI

/// A frequency played as plain MIDI can play it: the nearest key, bent by the
/// rest. A 14-bit bend spans ±range semitones in 8192 steps each way, so one
/// step is 100·range/8192 cents (0.024 cent at the default ±2) and rounding
/// errs by at most half a step. The nearest key needs at most ±50 cents of
/// bend; only frequencies beyond the last keys (below C-1 or above G9) reach
/// the ends of the bend range, and beyond those the nearest playable pitch is
/// taken and `clamped` says so.
public struct BentKey: Equatable, Sendable {
    public var key: UInt8
    /// -8192...8191; 8191 is the highest the wire carries, one step short of +range.
    public var bend: Int16
    /// The request lay beyond what the keys and the bend range reach.
    public var clamped: Bool

    public static let bendSteps = 8192.0

    /// `a4` is the frequency the instrument plays for key 69 unbent.
    public init(frequency: Double, bendRange: Int, a4: Double) {
        let note = peach_hz_to_midi(frequency, a4)
        let key = min(max(note.rounded(), 0), 127)
        let steps = ((note - key) * Self.bendSteps / Double(bendRange)).rounded()
        let bend = min(max(steps, -Self.bendSteps), Self.bendSteps - 1)
        self.key = UInt8(key)
        self.bend = Int16(bend)
        clamped = bend != steps
    }

    /// The fractional MIDI note number the key and bend play.
    public func note(bendRange: Int) -> Double {
        Double(key) + Double(bend) / Self.bendSteps * Double(bendRange)
    }
}
