import PeachPluginAPI

/// Plays one block of host events as timed MIDI messages.
///
/// Timing: every message goes out in the process() call of the block that
/// holds its event, stamped for the sequencer queue with the moment the
/// event is due: the block's presentation time plus offset / sample rate,
/// less the CLOCK_MONOTONIC time at which the queue's clock read zero. The
/// kernel then delivers it at that moment, so notes keep the host's frame
/// timing (to the sequencer timer's resolution) instead of jumping to block
/// boundaries. A block without a presentation time is sent at once: up to
/// one block early or late.
///
/// A note the translator refuses (the drums: no key that far) is reported to
/// the host, NOTE_REFUSED since ABI 1.1, with its reason worded at init.
public struct MidiBlockProcessor<Translator: MIDITranslator>: Sendable {
    public private(set) var translator: Translator
    public let sampleRate: Double
    /// CLOCK_MONOTONIC nanoseconds at which the queue's clock read zero.
    public let queueZero: Int64
    /// How long an instrument may ring after its last note-off: until then
    /// blocks are not reported silent, so that a stop does not cut the release.
    public static var releaseSeconds: Double { 0.5 }
    /// The frame until which a released note may still sound.
    private var soundingUntil: Int64 = .min
    /// The NOTE_REFUSED event, worded at init; a refusal only fills in the note.
    private var refusal = peach_event_note_refused()
    /// How large a host's `peach_process` must be to hold `out_events` (ABI 1.1): a 1.0 host's is smaller.
    private let processSizeWithQueue = MemoryLayout<peach_process>.offset(of: \.out_events)!
        + MemoryLayout<UnsafePointer<peach_output_events>?>.size

    /// [main-thread]
    public init(translator: Translator, sampleRate: Double, queueZero: Int64) {
        self.translator = translator
        self.sampleRate = sampleRate
        self.queueZero = queueZero
        refusal.header.size = UInt32(MemoryLayout<peach_event_note_refused>.size)
        refusal.header.type = UInt16(PEACH_EVENT_NOTE_REFUSED)
        refusal.reason = UInt32(PEACH_REFUSED_OUT_OF_RANGE)
        let range = translator.playableFrequencies
        let (lowest, highest) = ((range.lowerBound * 10).rounded() / 10, (range.upperBound * 10).rounded() / 10)
        _ = withUnsafeMutableBytes(of: &refusal.text) {
            peach_copy_text($0.baseAddress, $0.count, "no MIDI key is that far: the keys reach \(lowest) to \(highest) Hz")
        }
    }

    /// Translates the block's events in order and hands every message to
    /// `send` with its time; `send` returns false if it had to drop it.
    /// Allocates nothing.
    public mutating func process(_ block: UnsafePointer<peach_process>, send: (MIDIMessage, SendTime) -> Bool) -> MidiBlockOutcome {
        var outcome = MidiBlockOutcome()
        let releaseFrames = Int64(Self.releaseSeconds * sampleRate)
        for index in 0..<Int(block.pointee.event_count) {
            guard let header = block.pointee.events[index] else { continue }
            let time = sendTime(presentation: block.pointee.presentation_time_ns, offset: header.pointee.offset)
            let frame = block.pointee.steady_time + Int64(header.pointee.offset)
            var dropped = 0
            let isNote = header.pointee.size >= MemoryLayout<peach_event_note>.size
            switch Int32(header.pointee.type) {
            case PEACH_EVENT_NOTE_ON where isNote:
                let note = UnsafeRawPointer(header).load(as: peach_event_note.self)
                let result = translator.noteOn(id: note.note_id, frequency: note.frequency_hz, velocity: note.velocity) {
                    if !send($0, time) { dropped += 1 }
                }
                switch result {
                case .played: break
                case .clamped: outcome.clampedNotes += 1
                case .ignored: outcome.ignoredNotes += 1
                case .refused: refuse(note, in: block)
                }
            case PEACH_EVENT_NOTE_OFF where isNote:
                let note = UnsafeRawPointer(header).load(as: peach_event_note.self)
                translator.noteOff(id: note.note_id, velocity: note.velocity) { if !send($0, time) { dropped += 1 } }
                soundingUntil = max(soundingUntil, frame + releaseFrames)
            case PEACH_EVENT_ALL_NOTES_OFF:
                translator.allNotesOff { if !send($0, time) { dropped += 1 } }
                soundingUntil = max(soundingUntil, frame + releaseFrames)
            default:
                break  // an event type this source does not know
            }
            outcome.droppedMessages += dropped
        }
        let blockEnd = block.pointee.steady_time + Int64(block.pointee.frame_count)
        outcome.status = translator.isHoldingNotes || blockEnd <= soundingUntil ? PEACH_PROCESS_CONTINUE : PEACH_PROCESS_SILENT
        return outcome
    }

    /// [audio-thread] Tells the host that `note` will not be played. A host without the events-back queue (ABI 1.0) is not told.
    private mutating func refuse(_ note: peach_event_note, in block: UnsafePointer<peach_process>) {
        guard Int(block.pointee.struct_size) >= processSizeWithQueue, let queue = block.pointee.out_events else { return }
        refusal.header.offset = note.header.offset
        refusal.note_id = note.note_id
        refusal.frequency_hz = note.frequency_hz
        // The header is the event's first field: the queue copies `header.size` bytes from it.
        _ = withUnsafePointer(to: &refusal) {
            queue.pointee.push(queue, UnsafeRawPointer($0).assumingMemoryBound(to: peach_event_header.self))
        }
    }

    /// When an event at `offset` of a block heard from `presentation` is due
    /// on the queue; an event already past is due at once.
    public func sendTime(presentation: Int64, offset: UInt32) -> SendTime {
        guard presentation >= 0 else { return .now }
        let due = presentation + Int64((Double(offset) * 1e9 / sampleRate).rounded())
        return .queued(nanoseconds: max(0, due - queueZero))
    }
}

/// What happened in one block, for the caller to report.
public struct MidiBlockOutcome: Equatable, Sendable {
    public var status: peach_process_status = PEACH_PROCESS_SILENT
    /// Notes played at the nearest pitch the instrument reaches instead of the one asked for.
    public var clampedNotes = 0
    /// Notes not played because their frequency was not a positive number.
    public var ignoredNotes = 0
    /// Messages the transport could not take.
    public var droppedMessages = 0
}
