/// Turns Peach's notes into MIDI messages for a melodic instrument: which
/// channel and key a note takes, the bend or tuning change that makes it
/// exact, and what to send when connecting and when stopping so that nothing
/// is left sounding or detuned. The note methods allocate nothing, even
/// unoptimised: plain loops over plain structs, no optionals or closures over
/// the note table.
public struct NoteTranslator: MIDITranslator {
    public let settings: MidiOutSettings
    private var rotation: ChannelRotation

    /// More notes than this at once release the oldest first.
    public static let maxHeldNotes = 64

    private struct HeldNote: Sendable {
        var id: Int32 = 0
        var channel: UInt8 = 0
        var key: UInt8 = 0
        /// When it started, counting from 1; 0 marks a free slot.
        var order: UInt64 = 0
    }
    private var held: [HeldNote]
    private var started: UInt64 = 0
    /// MTS: keys retuned per channel (channel * 128 + key), restored when stopping.
    private var retuned: [Bool]

    public init(settings: MidiOutSettings) {
        self.settings = settings
        rotation = ChannelRotation(count: settings.channelCount)
        held = Array(repeating: HeldNote(), count: Self.maxHeldNotes)
        retuned = Array(repeating: false, count: 16 * 128)
    }

    /// Beyond them a note is clamped to the nearest pitch there is, never refused.
    public var playableFrequencies: ClosedRange<Double> { settings.playableFrequencies }

    public var isHoldingNotes: Bool {
        for slot in 0..<held.count where held[slot].order != 0 { return true }
        return false
    }

    /// What to send once connected: the bend range (RPN 0) or the tuning
    /// program (RPN 4 and 3: channel n plays tuning program n − 1 of bank 0),
    /// and a centred bend, on every channel of the rotation.
    public func setupMessages() -> [MIDIMessage] {
        rotation.channels.flatMap { channel -> [MIDIMessage] in
            let parameters = switch settings.tuning {
            case .pitchBend:
                RegisteredParameter.pitchBendRange.messages(channel: channel, value: UInt8(settings.bendRange), fine: 0)
            case .mts:
                RegisteredParameter.tuningBank.messages(channel: channel, value: 0)
                    + RegisteredParameter.tuningProgram.messages(channel: channel, value: channel)
            }
            return parameters + [.pitchBend(channel: channel, value: 0)]
        }
    }

    /// Starts note `id`: emits the bend or tuning change, then the note-on.
    public mutating func noteOn(id: Int32, frequency: Double, velocity: Double, emit: (MIDIMessage) -> Void) -> NoteOnResult {
        guard frequency.isFinite, frequency > 0 else { return .ignored }
        let slot = freeSlot(emit: emit)
        var busy: UInt16 = 0
        for slot in 0..<held.count where held[slot].order != 0 { busy |= 1 << held[slot].channel }
        let channel = rotation.take { busy & (1 << $0) != 0 }
        let key: UInt8
        let clamped: Bool
        switch settings.tuning {
        case .pitchBend:
            let bent = BentKey(frequency: frequency, bendRange: settings.bendRange, a4: settings.instrumentA4)
            emit(.pitchBend(channel: channel, value: bent.bend))
            (key, clamped) = (bent.key, bent.clamped)
        case .mts:
            let tuned = RetunedKey(frequency: frequency, a4: settings.instrumentA4)
            emit(tuned.message(program: channel))
            retuned[Int(channel) * 128 + Int(tuned.key)] = true
            (key, clamped) = (tuned.key, tuned.clamped)
        }
        emit(.noteOn(channel: channel, key: key, velocity: MIDIMessage.velocity(velocity, lowest: 1)))
        started += 1
        held[slot] = HeldNote(id: id, channel: channel, key: key, order: started)
        return clamped ? .clamped : .played
    }

    /// Releases note `id`; an unknown id sends nothing.
    public mutating func noteOff(id: Int32, velocity: Double, emit: (MIDIMessage) -> Void) {
        for slot in 0..<held.count where held[slot].order != 0 && held[slot].id == id {
            release(slot, velocity: velocity, emit: emit)
        }
    }

    /// Releases every held note.
    public mutating func allNotesOff(emit: (MIDIMessage) -> Void) {
        for slot in 0..<held.count where held[slot].order != 0 {
            release(slot, velocity: 0.5, emit: emit)
        }
    }

    /// What to send when stopping: a note-off for every held note, then on
    /// every channel of the rotation all sound off, all notes off and a
    /// centred bend; with MTS, every retuned key back to equal temperament.
    public mutating func cleanupMessages() -> [MIDIMessage] {
        var messages: [MIDIMessage] = []
        allNotesOff { messages.append($0) }
        for channel in rotation.channels {
            messages += [
                .controlChange(channel: channel, .allSoundOff, value: 0),
                .controlChange(channel: channel, .allNotesOff, value: 0),
                .pitchBend(channel: channel, value: 0),
            ]
        }
        for index in retuned.indices where retuned[index] {
            messages.append(RetunedKey(equalTempered: UInt8(index % 128)).message(program: UInt8(index / 128)))
            retuned[index] = false
        }
        return messages
    }

    private mutating func release(_ slot: Int, velocity: Double, emit: (MIDIMessage) -> Void) {
        let note = held[slot]
        emit(.noteOff(channel: note.channel, key: note.key, velocity: MIDIMessage.velocity(velocity, lowest: 0)))
        held[slot].order = 0
    }

    /// An empty slot; when all are taken, the oldest note is released to make one.
    private mutating func freeSlot(emit: (MIDIMessage) -> Void) -> Int {
        var oldest = 0
        for slot in 0..<held.count {
            if held[slot].order == 0 { return slot }
            if held[slot].order < held[oldest].order { oldest = slot }
        }
        release(oldest, velocity: 0.5, emit: emit)
        return oldest
    }
}
