/// One MIDI message as the bytes that go on the wire: a channel message of
/// two or three bytes, or a short System Exclusive message. The bytes are
/// stored inline, so making and sending a message never allocates (the audio
/// thread does both).
public struct MIDIMessage: Equatable, Sendable {
    /// The longest message this holds: a one-key MTS tuning change is 12 bytes.
    public static let capacity = 16

    public private(set) var count = 0
    private var storage = SIMD16<UInt8>()

    /// A channel voice message: its kind (the status byte's high nibble), the
    /// channel (0–15) and one or two data bytes (each 0–127).
    init(kind: UInt8, channel: UInt8, _ first: UInt8, _ second: UInt8) {
        append(kind | (channel & 0x0F))
        append(first & 0x7F)
        append(second & 0x7F)
    }

    /// An empty message, to be filled with `append`.
    init() {}

    mutating func append(_ byte: UInt8) {
        precondition(count < Self.capacity, "MIDI message longer than \(Self.capacity) bytes")
        storage[count] = byte
        count += 1
    }

    public subscript(index: Int) -> UInt8 {
        precondition(index < count, "byte \(index) of a \(count)-byte message")
        return storage[index]
    }

    /// The bytes, for inspection and logs (allocates an array: not for the audio thread).
    public var bytes: [UInt8] { (0..<count).map { storage[$0] } }

    /// The status byte's channel, for channel messages.
    public var channel: UInt8? { count > 0 && self[0] < 0xF0 ? self[0] & 0x0F : nil }

    /// Calls `body` with the bytes in place, without copying them.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withUnsafeBytes(of: storage) { try body(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }
    }
}

// MARK: Channel voice messages

extension MIDIMessage {
    static let noteOffKind: UInt8 = 0x80
    static let noteOnKind: UInt8 = 0x90
    static let controlChangeKind: UInt8 = 0xB0
    static let pitchBendKind: UInt8 = 0xE0

    /// `velocity` 1–127 (a note-on with velocity 0 would mean note-off).
    public static func noteOn(channel: UInt8, key: UInt8, velocity: UInt8) -> MIDIMessage {
        MIDIMessage(kind: noteOnKind, channel: channel, key, max(1, velocity))
    }

    public static func noteOff(channel: UInt8, key: UInt8, velocity: UInt8) -> MIDIMessage {
        MIDIMessage(kind: noteOffKind, channel: channel, key, velocity)
    }

    public static func controlChange(channel: UInt8, _ controller: Controller, value: UInt8) -> MIDIMessage {
        MIDIMessage(kind: controlChangeKind, channel: channel, controller.rawValue, value)
    }

    /// `value` -8192...8191 (0: no bend), sent as 14 bits offset by 8192, low 7 bits first.
    public static func pitchBend(channel: UInt8, value: Int16) -> MIDIMessage {
        let wire = UInt16(Int32(value) + 8192)
        return MIDIMessage(kind: pitchBendKind, channel: channel, UInt8(wire & 0x7F), UInt8(wire >> 7))
    }

    /// Peach's velocity 0...1 as MIDI's 0...127, at least `lowest`; the
    /// middle, 64, for a velocity that is not a number.
    static func velocity(_ velocity: Double, lowest: UInt8) -> UInt8 {
        guard velocity.isFinite else { return 64 }
        return max(lowest, UInt8(min(max(velocity, 0), 1) * 127 + 0.5))
    }

    /// The controllers Peach sends.
    public enum Controller: UInt8, Sendable {
        case dataEntry = 6
        case dataEntryFine = 38
        case registeredParameterFine = 100
        case registeredParameter = 101
        case allSoundOff = 120
        case allNotesOff = 123
    }
}
