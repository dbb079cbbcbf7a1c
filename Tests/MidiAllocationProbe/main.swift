// Runs MIDI Out's per-block work (translating events, both tunings, and
// alsa-lib's MIDI encoding of every message, as the plugin's process() does
// before handing events to the sequencer) with every malloc in the process
// interposed, and prints how many allocations it made. Run with
// LD_PRELOAD=<bin>/libMallocInterposerSwift.so; MidiOutTests does that.
import CAlsaSequencer
import MallocInterposerSwift
import PeachMidiOutCore
import PeachPluginAPI
import Synchronization

let allocations = Atomic<Int>(0)
let encoder: OpaquePointer = {
    var encoder: OpaquePointer?
    precondition(snd_midi_event_new(MIDIMessage.capacity, &encoder) == 0)
    return encoder!
}()

/// One block: a note-on at 10, its note-off and the next note-on at 200, an out-of-range note, all notes off at 255.
let notes: [peach_event_note] = [(10, PEACH_EVENT_NOTE_ON, 1, 440.3), (200, PEACH_EVENT_NOTE_OFF, 1, 0), (200, PEACH_EVENT_NOTE_ON, 2, 441.7),
                                 (220, PEACH_EVENT_NOTE_ON, 3, 40_000), (255, PEACH_EVENT_ALL_NOTES_OFF, -1, 0)].map { offset, type, id, hz in
    peach_event_note(header: peach_event_header(size: UInt32(MemoryLayout<peach_event_note>.size), offset: offset, type: UInt16(type), flags: 0, reserved: 0),
                     note_id: id, reserved: 0, frequency_hz: hz, velocity: 0.8)
}
let storage = UnsafeMutablePointer<peach_event_note>.allocate(capacity: notes.count)
storage.initialize(from: notes, count: notes.count)
let list = UnsafeMutablePointer<UnsafePointer<peach_event_header>?>.allocate(capacity: notes.count)
for index in notes.indices { list[index] = UnsafeRawPointer(storage + index).assumingMemoryBound(to: peach_event_header.self) }

var processors = MidiOutSettings.Tuning.allCases.map { tuning in
    var settings = MidiOutSettings()
    settings.tuning = tuning
    return MidiBlockProcessor(translator: NoteTranslator(settings: settings), sampleRate: 48000, queueZero: 0)
}
var encoded = 0

@MainActor func run(blocks: Int) {
    var block = peach_process(struct_size: UInt32(MemoryLayout<peach_process>.size), frame_count: 256, steady_time: 0, channel_count: 0,
                              event_count: UInt32(notes.count), outputs: nil, events: UnsafePointer(list), presentation_time_ns: 1_000_000,
                              input_channel_count: 0, reserved: 0, inputs: nil, transport: nil, out_events: nil)
    for index in 0..<blocks {
        block.steady_time = Int64(index) * 256
        for processor in processors.indices {
            _ = processors[processor].process(&block) { message, _ in
                var event = snd_seq_event_t()
                snd_midi_event_reset_encode(encoder)
                let used = message.withBytes { snd_midi_event_encode(encoder, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.count, &event) }
                if used == message.count { encoded += 1 }
                return true
            }
        }
    }
}

run(blocks: 2)  // first use of every type and function happens before counting
encoded = 0
MallocInterposerSwift.initialize()
MallocInterposerSwift.setAllocationHook { _ in allocations.add(1, ordering: .relaxed) }
MallocInterposerSwift.hook()
run(blocks: 1000)
MallocInterposerSwift.unhook()
MallocInterposerSwift.setAllocationHook(nil)
print("messages encoded: \(encoded)")
print("allocations: \(allocations.load(ordering: .relaxed))")
