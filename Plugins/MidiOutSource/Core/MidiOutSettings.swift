import PeachPluginAPI

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

    /// The frequencies the instrument plays exactly with these settings
    /// (`peach.note-range/1`): key 0 bent fully down to key 127 bent fully up,
    /// or what MTS reaches; beyond them a note would be clamped to another pitch.
    public var playableFrequencies: ClosedRange<Double> {
        let (lowest, highest) = switch tuning {
        case .pitchBend: (-Double(bendRange), 127 + Double(bendRange) * (BentKey.bendSteps - 1) / BentKey.bendSteps)
        case .mts: (0.0, RetunedKey.highest)
        }
        return peach_cents_to_hz(instrumentA4, (lowest - 69) * 100)...peach_cents_to_hz(instrumentA4, (highest - 69) * 100)
    }
}
