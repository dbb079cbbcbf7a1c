import PeachMidiOutCore
import PeachPluginAPI
import Testing

/// When messages leave: in the process() call of the block that holds their
/// event, stamped with the event's exact moment on the sequencer queue.
@Suite struct BlockTimingTests {
    static let sampleRate = 48000.0
    static let blockFrames: UInt32 = 256

    struct Sent: Equatable {
        var bytes: [UInt8]
        var time: SendTime
    }

    /// One event of a block: at `offset`, NOTE_ON (with a frequency), NOTE_OFF, or ALL_NOTES_OFF.
    struct Event {
        var offset: UInt32
        var type: Int32
        var id: Int32 = 1
        var frequency = 440.0
        var velocity = 0.8
    }

    /// The host's events-back queue (ABI 1.1), keeping the refusals a source pushes.
    final class EventsBack {
        var refusals: [peach_event_note_refused] = []
        var queue = peach_output_events(struct_size: UInt32(MemoryLayout<peach_output_events>.size), reserved: 0, host_data: nil, push: { queue, event in
            guard let queue, let event, event.pointee.type == UInt16(PEACH_EVENT_NOTE_REFUSED) else { return 0 }
            let box = Unmanaged<EventsBack>.fromOpaque(queue.pointee.host_data!).takeUnretainedValue()
            box.refusals.append(UnsafeRawPointer(event).load(as: peach_event_note_refused.self))
            return 1
        })
    }

    /// Runs one block through `processor`, as the host would hand it over
    /// (with `eventsBack` as its queue for events from the source, if given).
    static func process<Translator>(_ processor: inout MidiBlockProcessor<Translator>, _ events: [Event], steadyTime: Int64, presentation: Int64,
                                    accept: Bool = true, eventsBack: EventsBack? = nil) -> (MidiBlockOutcome, [Sent]) {
        var notes = events.map { event in
            peach_event_note(header: peach_event_header(size: UInt32(MemoryLayout<peach_event_note>.size), offset: event.offset,
                                                        type: UInt16(event.type), flags: 0, reserved: 0),
                             note_id: event.id, reserved: 0, frequency_hz: event.frequency, velocity: event.velocity)
        }
        eventsBack?.queue.host_data = eventsBack.map { Unmanaged.passUnretained($0).toOpaque() }
        var sent: [Sent] = []
        let outcome = notes.withUnsafeMutableBufferPointer { storage in
            var pointers = (0..<storage.count).map { UnsafeRawPointer(storage.baseAddress! + $0).assumingMemoryBound(to: peach_event_header.self) as UnsafePointer<peach_event_header>? }
            return pointers.withUnsafeMutableBufferPointer { list in
                var block = peach_process(struct_size: UInt32(MemoryLayout<peach_process>.size), frame_count: blockFrames,
                                          steady_time: steadyTime, channel_count: 0, event_count: UInt32(events.count),
                                          outputs: nil, events: UnsafePointer(list.baseAddress), presentation_time_ns: presentation,
                                          input_channel_count: 0, reserved: 0, inputs: nil, transport: nil, out_events: nil)
                let send = { (message: MIDIMessage, time: SendTime) -> Bool in
                    sent.append(Sent(bytes: message.bytes, time: time))
                    return accept
                }
                guard let eventsBack else { return processor.process(&block, send: send) }
                return withUnsafePointer(to: &eventsBack.queue) { queue in
                    block.out_events = queue
                    return processor.process(&block, send: send)
                }
            }
        }
        return (outcome, sent)
    }

    static func processor(queueZero: Int64 = 1_000_000_000) -> MidiBlockProcessor<NoteTranslator> {
        MidiBlockProcessor(translator: NoteTranslator(settings: MidiOutSettings()), sampleRate: sampleRate, queueZero: queueZero)
    }

    /// Each event's messages carry presentation time + offset / rate − queue zero, to the nanosecond.
    @Test func messagesAreStampedWithTheirEventsMoment() {
        var processor = Self.processor(queueZero: 1_000_000_000)
        let presentation: Int64 = 5_000_000_000
        let (_, sent) = Self.process(&processor, [Event(offset: 0, type: PEACH_EVENT_NOTE_ON), Event(offset: 100, type: PEACH_EVENT_NOTE_OFF),
                                                  Event(offset: 255, type: PEACH_EVENT_NOTE_ON, id: 2, frequency: 441)],
                                     steadyTime: 0, presentation: presentation)
        #expect(sent.map(\.time) == [
            .queued(nanoseconds: 4_000_000_000), .queued(nanoseconds: 4_000_000_000),   // bend, note-on at offset 0
            .queued(nanoseconds: 4_002_083_333),                                        // note-off: 100 / 48000 s later
            .queued(nanoseconds: 4_005_312_500), .queued(nanoseconds: 4_005_312_500),   // 255 / 48000 s
        ])
        #expect(sent.map(\.bytes[0]) == [0xE0, 0x90, 0x80, 0xE1, 0x91], "bend before its note-on, in event order")
    }

    /// The delay of every offset in a block is offset / rate, rounded to the
    /// nanosecond: notes keep the host's frame timing, not the block's.
    @Test func theDelayFollowsTheOffsetFrameByFrame() {
        var processor = Self.processor(queueZero: 0)
        var worst = 0.0
        for offset in 0..<Self.blockFrames {
            let (_, sent) = Self.process(&processor, [Event(offset: offset, type: PEACH_EVENT_NOTE_ON, id: Int32(offset)),
                                                      Event(offset: offset, type: PEACH_EVENT_NOTE_OFF, id: Int32(offset))],
                                         steadyTime: Int64(offset) * 256, presentation: 7_000_000_000)
            guard case .queued(let nanoseconds) = sent[0].time else { Issue.record("not queued"); return }
            worst = max(worst, abs(Double(nanoseconds - 7_000_000_000) - Double(offset) / Self.sampleRate * 1e9))
        }
        print("queue stamp vs offset / rate: worst difference \(worst) ns over offsets 0..<\(Self.blockFrames)")
        #expect(worst <= 0.5)
    }

    /// Events arrive in the block that holds them (the host's rule), and go
    /// out in that same call: nothing is held back for a later block.
    @Test func messagesLeaveInTheCallOfTheirBlock() {
        var processor = Self.processor()
        let first = Self.process(&processor, [Event(offset: 17, type: PEACH_EVENT_NOTE_ON)], steadyTime: 0, presentation: 2_000_000_000)
        #expect(first.1.count == 2)
        let second = Self.process(&processor, [], steadyTime: 256, presentation: 2_005_333_333)
        #expect(second.1.isEmpty)
        let third = Self.process(&processor, [Event(offset: 3, type: PEACH_EVENT_NOTE_OFF)], steadyTime: 512, presentation: 2_010_666_667)
        #expect(third.1.map(\.bytes) == [[0x80, 69, 102]], "release velocity 0.8 → 102")
    }

    /// Without a presentation time there is no moment to stamp: messages go out at once.
    @Test func withoutAPresentationTimeMessagesGoOutAtOnce() {
        var processor = Self.processor()
        let (_, sent) = Self.process(&processor, [Event(offset: 200, type: PEACH_EVENT_NOTE_ON)], steadyTime: 0, presentation: -1)
        #expect(sent.map(\.time) == [.now, .now])
    }

    /// An event already due when its block is processed goes out at once.
    @Test func aLateEventIsNotStampedBeforeTheQueueStarted() {
        var processor = Self.processor(queueZero: 3_000_000_000)
        let (_, sent) = Self.process(&processor, [Event(offset: 0, type: PEACH_EVENT_NOTE_ON)], steadyTime: 0, presentation: 2_000_000_000)
        #expect(sent.map(\.time) == [.queued(nanoseconds: 0), .queued(nanoseconds: 0)])
    }

    /// Silent only when no note is held and the last release has had half a
    /// second to ring out, counted in frames of the audio clock, so that
    /// stopping does not cut a release.
    @Test func silentOnceNothingHeldHasRungOut() {
        var processor = Self.processor()
        func status(_ events: [Event], at steadyTime: Int64) -> peach_process_status {
            Self.process(&processor, events, steadyTime: steadyTime, presentation: 1).0.status
        }
        #expect(status([], at: 0) == PEACH_PROCESS_SILENT)
        #expect(status([Event(offset: 10, type: PEACH_EVENT_NOTE_ON)], at: 256) == PEACH_PROCESS_CONTINUE)
        #expect(status([Event(offset: 10, type: PEACH_EVENT_NOTE_OFF)], at: 512) == PEACH_PROCESS_CONTINUE)
        let rungOut: Int64 = 512 + 10 + 24000  // 0.5 s at 48 kHz after the note-off's frame
        #expect(status([], at: rungOut - 256) == PEACH_PROCESS_CONTINUE, "the block ends on the last ringing frame")
        #expect(status([], at: rungOut - 255) == PEACH_PROCESS_SILENT)
    }

    @Test func clampedIgnoredAndDroppedAreCounted() {
        var processor = Self.processor()
        let (outcome, _) = Self.process(&processor, [Event(offset: 0, type: PEACH_EVENT_NOTE_ON, id: 1, frequency: 30_000),
                                                     Event(offset: 1, type: PEACH_EVENT_NOTE_ON, id: 2, frequency: -1),
                                                     Event(offset: 2, type: PEACH_EVENT_ALL_NOTES_OFF, id: -1)],
                                        steadyTime: 0, presentation: 1, accept: false)
        #expect(outcome.clampedNotes == 1 && outcome.ignoredNotes == 1)
        #expect(outcome.droppedMessages == 3, "bend, note-on, note-off")
    }

    /// An event type this source does not know is skipped.
    @Test func unknownEventTypesAreSkipped() {
        var processor = Self.processor()
        let (outcome, sent) = Self.process(&processor, [Event(offset: 0, type: 999)], steadyTime: 0, presentation: 1)
        #expect(sent.isEmpty && outcome.status == PEACH_PROCESS_SILENT)
    }
}
