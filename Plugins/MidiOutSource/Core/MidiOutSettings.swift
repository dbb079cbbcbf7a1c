/// How notes become MIDI for one instrument.
public struct MidiOutSettings: Equatable, Sendable {
    public enum Tuning: String, CaseIterable, Sendable {
        /// The nearest key plus a per-channel pitch bend; works with almost any instrument.
        case pitchBend = "pitch-bend"
        /// The nearest key retuned by an MTS real-time single-note tuning change; for instruments that support MTS.
        case mts
    }

    public var tuning: Tuning = .pitchBend
    /// Semitones each way, set on the instrument with RPN 0 (pitch-bend tuning only).
    public var bendRange = 2
    /// How many channels notes rotate over (1...15, channel 10 skipped).
    public var channelCount = 15
    /// The frequency the instrument plays for A4 (its master tuning).
    public var instrumentA4 = 440.0

    public static let bendRanges = 1...24
    public static let channelCounts = 1...15
    public static let instrumentA4s: ClosedRange<Double> = 400...480

    public init() {}
}
