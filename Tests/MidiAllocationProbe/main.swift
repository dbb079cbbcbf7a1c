// Runs MIDI Out's per-block work (translating events, both tunings and the
// drums, refusing a note to the host, and alsa-lib's MIDI encoding of every
// message, as the plugin's process() does before handing events to the sequencer) with every malloc in the process
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

/// A block's events as the host lays them out: notes in storage, and the list of pointers to them.
func block(_ events: [(UInt32, Int32, Int32, Double)]) -> (count: Int, list: UnsafePointer<UnsafePointer<peach_event_header>?>) {
    let storage = UnsafeMutablePointer<peach_event_note>.allocate(capacity: events.count)
    storage.initialize(from: events.map { offset, type, id, hz in
        peach_event_note(header: peach_event_header(size: UInt32(MemoryLayout<peach_event_note>.size), offset: offset, type: UInt16(type), flags: 0, reserved: 0),
                         note_id: id, reserved: 0, frequency_hz: hz, velocity: 0.8)
    }, count: events.count)
    let list = UnsafeMutablePointer<UnsafePointer<peach_event_header>?>.allocate(capacity: events.count)
    for index in events.indices { list[index] = UnsafeRawPointer(storage + index).assumingMemoryBound(to: peach_event_header.self) }
    return (events.count, UnsafePointer(list))
}

/// Melodic: a note-on at 10, its note-off and the next note-on at 200, an out-of-range note (clamped), all notes off at 255.
let melodicBlock = block([(10, PEACH_EVENT_NOTE_ON, 1, 440.3), (200, PEACH_EVENT_NOTE_OFF, 1, 0), (200, PEACH_EVENT_NOTE_ON, 2, 441.7),
                          (220, PEACH_EVENT_NOTE_ON, 3, 40_000), (255, PEACH_EVENT_ALL_NOTES_OFF, -1, 0)])
/// Drums: woodblock 76 at 10, struck again at 100 (note-off, note-on), its first note's late note-off (nothing),
/// hi-hat 42 at 200, an out-of-range note (refused, pushed to the host), all notes off at 255.
let drumBlock = block([(10, PEACH_EVENT_NOTE_ON, 1, 659.255), (100, PEACH_EVENT_NOTE_ON, 2, 659.255), (150, PEACH_EVENT_NOTE_OFF, 1, 0),
                       (200, PEACH_EVENT_NOTE_ON, 3, 92.499), (220, PEACH_EVENT_NOTE_ON, 4, 40_000), (255, PEACH_EVENT_ALL_NOTES_OFF, -1, 0)])

var melodicProcessors = MidiOutSettings.Tuning.allCases.map { tuning in
    var settings = MidiOutSettings()
    settings.tuning = tuning
    return MidiBlockProcessor(translator: NoteTranslator(settings: settings), sampleRate: 48000, queueZero: 0)
}
var drumProcessor = MidiBlockProcessor(translator: DrumNoteTranslator(channel: 10), sampleRate: 48000, queueZero: 0)
var encoded = 0
let refusals = Atomic<Int>(0)
var eventsBack = peach_output_events(struct_size: UInt32(MemoryLayout<peach_output_events>.size), reserved: 0, host_data: nil, push: { _, _ in
    refusals.add(1, ordering: .relaxed)
    return 1
})

/// alsa-lib's encoding of one message, as the plugin's send does it.
@MainActor func encode(_ message: MIDIMessage, _ time: SendTime) -> Bool {
    var event = snd_seq_event_t()
    snd_midi_event_reset_encode(encoder)
    let used = message.withBytes { snd_midi_event_encode(encoder, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), $0.count, &event) }
    if used == message.count { encoded += 1 }
    return true
}

@MainActor func run(blocks: Int) {
    withUnsafePointer(to: &eventsBack) { queue in
        func process(_ events: (count: Int, list: UnsafePointer<UnsafePointer<peach_event_header>?>), steadyTime: Int64,
                     _ body: (UnsafePointer<peach_process>) -> Void) {
            var block = peach_process(struct_size: UInt32(MemoryLayout<peach_process>.size), frame_count: 256, steady_time: steadyTime, channel_count: 0,
                                      event_count: UInt32(events.count), outputs: nil, events: events.list, presentation_time_ns: 1_000_000,
                                      input_channel_count: 0, reserved: 0, inputs: nil, transport: nil, out_events: queue)
            body(&block)
        }
        for index in 0..<blocks {
            let steadyTime = Int64(index) * 256
            for processor in melodicProcessors.indices {
                process(melodicBlock, steadyTime: steadyTime) { _ = melodicProcessors[processor].process($0, send: encode) }
            }
            process(drumBlock, steadyTime: steadyTime) { _ = drumProcessor.process($0, send: encode) }
        }
    }
}

run(blocks: 2)  // first use of every type and function happens before counting
encoded = 0
refusals.store(0, ordering: .relaxed)
MallocInterposerSwift.initialize()
MallocInterposerSwift.setAllocationHook { _ in allocations.add(1, ordering: .relaxed) }
MallocInterposerSwift.hook()
run(blocks: 1000)
MallocInterposerSwift.unhook()
MallocInterposerSwift.setAllocationHook(nil)
print("messages encoded: \(encoded)")
print("refusals pushed: \(refusals.load(ordering: .relaxed))")
print("allocations: \(allocations.load(ordering: .relaxed))")
