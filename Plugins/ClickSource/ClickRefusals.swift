import PeachPluginAPI

/// The NOTE_REFUSED events for keys without a click, worded at activate:
/// refusing a note on the audio thread then only fills in the note's id,
/// frequency and offset, and hands the event to the host (no text is made there).
final class ClickRefusals {
    private static let keyCount = 128
    private let events: UnsafeMutablePointer<peach_event_note_refused>
    /// How large a host's `peach_process` must be to hold `out_events` (ABI 1.1): a 1.0 host's is smaller.
    private let processSizeWithQueue: Int

    /// [main-thread]
    init() {
        processSizeWithQueue = MemoryLayout<peach_process>.offset(of: \.out_events)!
            + MemoryLayout<UnsafePointer<peach_output_events>?>.size
        events = .allocate(capacity: Self.keyCount)
        let playable = ClickSound.keysByFamily
        for key in 0..<Self.keyCount {
            var event = peach_event_note_refused()
            event.header.size = UInt32(MemoryLayout<peach_event_note_refused>.size)
            event.header.type = UInt16(PEACH_EVENT_NOTE_REFUSED)
            event.reason = UInt32(PEACH_REFUSED_OUT_OF_RANGE)
            _ = withUnsafeMutableBytes(of: &event.text) {
                peach_copy_text($0.baseAddress, $0.count, "MIDI key \(key) has no click; Clicks plays keys \(playable)")
            }
            (events + key).initialize(to: event)
        }
    }

    deinit { events.deallocate() }

    /// [audio-thread] Tells the host that `note`, on `key` (0...127), will not be played. A host without the events-back queue (ABI 1.0) is not told.
    func refuse(_ note: peach_event_note, key: Int, in process: UnsafePointer<peach_process>) {
        guard Int(process.pointee.struct_size) >= processSizeWithQueue, let queue = process.pointee.out_events else { return }
        let event = events + key
        event.pointee.header.offset = note.header.offset
        event.pointee.note_id = note.note_id
        event.pointee.frequency_hz = note.frequency_hz
        // The header is the event's first field: the queue copies `header.size` bytes from it.
        _ = queue.pointee.push(queue, UnsafeRawPointer(event).assumingMemoryBound(to: peach_event_header.self))
    }
}
