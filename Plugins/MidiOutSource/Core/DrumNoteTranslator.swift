import PeachPluginAPI

/// Turns Peach's notes into hits on a drum machine or a General MIDI drum
/// kit. A note's frequency only chooses the drum: the key nearest to it at
/// A4 = 440 Hz, as the metronome names its clicks (woodblock 76, hi-hat 42…).
/// Each hit is a note-on with the note's velocity on one channel, and a
/// note-off at its end; no bend, no RPN, no rotation, since a drum sounds the
/// same at every strike. A key holds one note at a time: striking it again
/// while sounding sends its note-off first, and the earlier note's own
/// note-off is then dropped so that it cannot cut the new hit short.
public struct DrumNoteTranslator: MIDITranslator {
    /// Channels as people number them; 10 is General MIDI's drum channel.
    public static let channels = 1...16
    public static let generalMIDIChannel = 10
    /// Key 0 to key 127, each with the half semitone either side of it.
    public static let keyFrequencies = peach_cents_to_hz(440, (-0.5 - 69) * 100)...peach_cents_to_hz(440, (127.5 - 69) * 100)

    /// On the wire (0-based): 9 is channel 10.
    public let channel: UInt8

    private struct Strike: Sendable {
        var id: Int32 = 0
        var sounding = false
    }
    /// By key.
    private var strikes = Array(repeating: Strike(), count: 128)

    /// `channel` 1...16.
    public init(channel: Int) {
        self.channel = UInt8(min(max(channel, Self.channels.lowerBound), Self.channels.upperBound) - 1)
    }

    public var playableFrequencies: ClosedRange<Double> { Self.keyFrequencies }

    public var isHoldingNotes: Bool {
        for key in 0..<strikes.count where strikes[key].sounding { return true }
        return false
    }

    /// Nothing: a drum kit needs no bend range or tuning.
    public func setupMessages() -> [MIDIMessage] { [] }

    public mutating func noteOn(id: Int32, frequency: Double, velocity: Double, emit: (MIDIMessage) -> Void) -> NoteOnResult {
        guard frequency.isFinite, frequency > 0 else { return .ignored }
        guard Self.keyFrequencies.contains(frequency) else { return .refused }
        // Within the range the nearest key is 0...127; the clamp only settles its exact ends.
        let key = Int(min(max(peach_hz_to_midi(frequency, 440).rounded(), 0), 127))
        if strikes[key].sounding { release(key, velocity: 0.5, emit: emit) }
        emit(.noteOn(channel: channel, key: UInt8(key), velocity: MIDIMessage.velocity(velocity, lowest: 1)))
        strikes[key] = Strike(id: id, sounding: true)
        return .played
    }

    public mutating func noteOff(id: Int32, velocity: Double, emit: (MIDIMessage) -> Void) {
        for key in 0..<strikes.count where strikes[key].sounding && strikes[key].id == id {
            release(key, velocity: velocity, emit: emit)
        }
    }

    public mutating func allNotesOff(emit: (MIDIMessage) -> Void) {
        for key in 0..<strikes.count where strikes[key].sounding {
            release(key, velocity: 0.5, emit: emit)
        }
    }

    /// A note-off for every sounding key, then all sound off and all notes
    /// off on the channel, as the melodic translator does on each of its own.
    public mutating func cleanupMessages() -> [MIDIMessage] {
        var messages: [MIDIMessage] = []
        allNotesOff { messages.append($0) }
        return messages + [.controlChange(channel: channel, .allSoundOff, value: 0), .controlChange(channel: channel, .allNotesOff, value: 0)]
    }

    private mutating func release(_ key: Int, velocity: Double, emit: (MIDIMessage) -> Void) {
        emit(.noteOff(channel: channel, key: UInt8(key), velocity: MIDIMessage.velocity(velocity, lowest: 0)))
        strikes[key].sounding = false
    }
}
