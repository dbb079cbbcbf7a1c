import PeachPluginAPI

/// NOTE_REFUSED events (ABI 1.1) for the keys a drum kit has no sound for,
/// made and sent on the audio thread without allocating: the event lives on
/// the stack and `RefusalText` words it. A 1.0 host, without the queue for
/// events back, is not told.
struct NoteRefusals {
    /// How large a host's `peach_process` must be to hold `out_events`: a 1.0 host's is smaller.
    private let processSizeWithQueue: Int

    /// [main-thread]
    init() {
        processSizeWithQueue = MemoryLayout<peach_process>.offset(of: \.out_events)! + MemoryLayout<UnsafePointer<peach_output_events>?>.size
    }

    /// [audio-thread] Tells the host that `note`, on `key`, is not played: `kit` has no sound there.
    func refuse(_ note: peach_event_note, key: Int32, kit: UnsafePointer<Timbre>, in process: UnsafePointer<peach_process>) {
        guard Int(process.pointee.struct_size) >= processSizeWithQueue, let queue = process.pointee.out_events else { return }
        var event = peach_event_note_refused()
        event.header.size = UInt32(MemoryLayout<peach_event_note_refused>.size)
        event.header.type = UInt16(PEACH_EVENT_NOTE_REFUSED)
        event.header.offset = note.header.offset
        event.note_id = note.note_id
        event.reason = UInt32(PEACH_REFUSED_OUT_OF_RANGE)
        event.frequency_hz = note.frequency_hz
        withUnsafeMutableBytes(of: &event.text) { text in
            RefusalText.write(key: key, kit: kit.pointee.name, into: text.baseAddress!.assumingMemoryBound(to: CChar.self), capacity: text.count)
        }
        withUnsafeMutablePointer(to: &event) { event in
            // The header is the event's first field: the queue copies `header.size` bytes from it.
            _ = queue.pointee.push(queue, UnsafeRawPointer(event).assumingMemoryBound(to: peach_event_header.self))
        }
    }
}
