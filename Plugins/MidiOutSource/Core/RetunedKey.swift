import PeachPluginAPI

/// A frequency played through the MIDI Tuning Standard: the nearest key,
/// retuned to the exact pitch by a real-time single-note tuning change. The
/// pitch travels as a semitone (a note number) plus a 14-bit fraction of a
/// semitone, so one step is 100/16384 cents (0.006 cent). The wire reaches
/// note 0 to 127 + 16382/16384 (all ones means "no change"); beyond, the
/// nearest reachable pitch is taken and `clamped` says so.
public struct RetunedKey: Equatable, Sendable {
    /// The key that is played.
    public var key: UInt8
    /// The pitch it is tuned to: semitone (a note number) and fraction in 1/16384 semitone.
    public var semitone: UInt8
    public var fraction: UInt16
    public var clamped: Bool

    public static let fractionSteps = 16384.0
    /// The highest pitch the wire reaches, as a note number.
    static let highest = 127 + (fractionSteps - 2) / fractionSteps

    /// `a4` is the frequency the instrument plays for key 69 in equal temperament.
    public init(frequency: Double, a4: Double) {
        let note = peach_hz_to_midi(frequency, a4)
        let reachable = min(max(note, 0), Self.highest)
        var semitone = reachable.rounded(.down)
        var fraction = ((reachable - semitone) * Self.fractionSteps).rounded()
        if fraction == Self.fractionSteps { (semitone, fraction) = (semitone + 1, 0) }
        key = UInt8(min(max(note.rounded(), 0), 127))
        self.semitone = UInt8(semitone)
        self.fraction = UInt16(fraction)
        clamped = reachable != note
    }

    /// `key` back in equal temperament.
    public init(equalTempered key: UInt8) {
        self.key = key
        semitone = key
        fraction = 0
        clamped = false
    }

    /// The fractional MIDI note number the key is tuned to.
    public var note: Double { Double(semitone) + Double(fraction) / Self.fractionSteps }

    /// The real-time single-note tuning change for this key in tuning
    /// `program` (bank 0): F0 7F <all devices> 08 02 program 1 key semitone fraction-high fraction-low F7.
    public func message(program: UInt8) -> MIDIMessage {
        var message = MIDIMessage()
        message.append(0xF0)
        message.append(0x7F)  // real time
        message.append(0x7F)  // every device
        message.append(0x08)  // MIDI tuning
        message.append(0x02)  // single-note tuning change
        message.append(program & 0x7F)
        message.append(1)  // one key
        message.append(key)
        message.append(semitone)
        message.append(UInt8(fraction >> 7))
        message.append(UInt8(fraction & 0x7F))
        message.append(0xF7)
        return message
    }
}
