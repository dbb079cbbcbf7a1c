import PeachPluginAPI

/// A note event at an absolute frame of the engine's clock, as the main
/// thread schedules it. The audio thread turns it into a block-relative
/// `peach_event_note` when its block comes.
public struct ScheduledEvent: BitwiseCopyable, Equatable, Sendable {
    public enum Kind: UInt16, BitwiseCopyable, Sendable {
        case noteOn = 1, noteOff = 2, allNotesOff = 3
    }

    public var frame: Int64
    public var kind: Kind
    public var noteID: Int32
    public var frequency: Double
    public var velocity: Double

    public static func noteOn(_ noteID: Int32, frequency: Double, velocity: Double = 0.8, at frame: Int64) -> ScheduledEvent {
        ScheduledEvent(frame: frame, kind: .noteOn, noteID: noteID, frequency: frequency, velocity: velocity)
    }

    public static func noteOff(_ noteID: Int32, at frame: Int64) -> ScheduledEvent {
        ScheduledEvent(frame: frame, kind: .noteOff, noteID: noteID, frequency: 0, velocity: 0.5)
    }

    public static func allNotesOff(at frame: Int64) -> ScheduledEvent {
        ScheduledEvent(frame: frame, kind: .allNotesOff, noteID: -1, frequency: 0, velocity: 0.5)
    }

    /// The ABI form, at `offset` frames into a block.
    func abiEvent(offset: UInt32) -> peach_event_note {
        peach_event_note(
            header: peach_event_header(size: UInt32(MemoryLayout<peach_event_note>.size), offset: offset,
                                       type: kind.rawValue, flags: 0, reserved: 0),
            note_id: noteID, reserved: 0, frequency_hz: frequency, velocity: velocity)
    }
}
