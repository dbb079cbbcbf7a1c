import CAlsaSequencer
import Glibc
import PeachMidiOutCore

/// Peach's client on the ALSA sequencer: a client named "Peach" with one
/// output port that other programs see (`aconnect -l`) and may subscribe to,
/// and a queue whose clock times the notes. This is the only part of the
/// source that needs the kernel, so it does nothing but pass bytes on:
/// alsa-lib's own MIDI encoder turns each message into a sequencer event.
final class SequencerClient {
    static let clientName = "Peach"
    static let portName = "out"

    private let handle: OpaquePointer
    private let encoder: OpaquePointer
    private let port: Int32
    private let queue: Int32
    /// CLOCK_MONOTONIC nanoseconds at which the queue's clock read zero.
    let queueZero: Int64

    /// Opens the sequencer, creates the port and starts the queue. [main-thread]
    init() throws(SequencerError) {
        let handle = try Self.open()
        func check(_ status: Int32, _ step: String) throws(SequencerError) {
            guard status >= 0 else { throw SequencerError("cannot \(step) on the ALSA sequencer: \(Self.text(status))") }
        }
        do throws(SequencerError) {
            try check(snd_seq_set_client_name(handle, Self.clientName), "name Peach's client")
            port = snd_seq_create_simple_port(handle, Self.portName,
                                              UInt32(SND_SEQ_PORT_CAP_READ | SND_SEQ_PORT_CAP_SUBS_READ),
                                              UInt32(SND_SEQ_PORT_TYPE_MIDI_GENERIC | SND_SEQ_PORT_TYPE_APPLICATION))
            try check(port, "create Peach's port")
            queue = snd_seq_alloc_named_queue(handle, Self.clientName)
            try check(queue, "create a queue")
            try check(peach_seq_start_queue(handle, queue), "start the queue")
            try check(snd_seq_drain_output(handle), "start the queue")
            guard let zero = Self.queueZero(handle, queue) else { throw SequencerError("cannot read the queue's clock") }
            queueZero = zero
            var encoder: OpaquePointer?
            try check(snd_midi_event_new(MIDIMessage.capacity, &encoder), "make a MIDI encoder")
            self.encoder = encoder!
        } catch {
            snd_seq_close(handle)
            throw error
        }
        self.handle = handle
    }

    /// Opens the sequencer once to list the destinations, or says why it cannot be opened.
    static func destinationsNow() throws(SequencerError) -> [SequencerDestination] {
        let handle = try open()
        defer { snd_seq_close(handle) }
        return destinations(of: handle)
    }

    /// The ports that take MIDI from other clients now, except Peach's own.
    func destinations() -> [SequencerDestination] { Self.destinations(of: handle) }

    /// Subscribes `destination` to Peach's port. [main-thread]
    func connect(to destination: SequencerDestination) throws(SequencerError) {
        let status = snd_seq_connect_to(handle, port, destination.client, destination.port)
        guard status >= 0 else {
            throw SequencerError("cannot connect to \(destination.address) (\(destination.clientName)): \(Self.text(status))")
        }
    }

    /// Sends `messages` at once and waits until the kernel has them. [main-thread]
    func sendNow(_ messages: [MIDIMessage]) throws(SequencerError) {
        snd_seq_nonblock(handle, 0)
        defer { snd_seq_nonblock(handle, 1) }
        for message in messages where !send(message, at: .now) {
            throw SequencerError("cannot send to the sequencer")
        }
        let status = snd_seq_drain_output(handle)
        guard status >= 0 else { throw SequencerError("cannot send to the sequencer: \(Self.text(status))") }
    }

    /// Puts one message into the output buffer without blocking (the client
    /// is non-blocking except inside `sendNow`). Returns false if it could not. [audio-thread]
    func send(_ message: MIDIMessage, at time: SendTime) -> Bool {
        var event = snd_seq_event_t()
        snd_midi_event_reset_encode(encoder)
        let used = message.withBytes { bytes in
            snd_midi_event_encode(encoder, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &event)
        }
        guard used == message.count, event.type != UInt8(SND_SEQ_EVENT_NONE.rawValue) else { return false }
        peach_seq_ev_to_subscribers(&event, port)
        switch time {
        case .now: peach_seq_ev_now(&event)
        case .queued(let nanoseconds): peach_seq_ev_at(&event, queue, UInt64(nanoseconds))
        }
        return snd_seq_event_output(handle, &event) >= 0
    }

    /// Hands the buffered events to the kernel without blocking; what does
    /// not fit stays buffered for the next call. [audio-thread]
    func flush() -> Bool {
        let status = snd_seq_drain_output(handle)
        return status >= 0 || status == -EAGAIN
    }

    /// Forgets every event not yet delivered, in the buffer and on the queue. [main-thread]
    func dropPending() {
        snd_seq_drop_output(handle)
    }

    deinit {
        snd_midi_event_free(encoder)
        snd_seq_close(handle)  // also deletes the port, its connections and the queue
    }

    private static func open() throws(SequencerError) -> OpaquePointer {
        var handle: OpaquePointer?
        let previous = peach_seq_silence_errors()
        let status = snd_seq_open(&handle, "default", SND_SEQ_OPEN_OUTPUT, SND_SEQ_NONBLOCK)
        peach_seq_restore_errors(previous)
        guard status >= 0, let handle else { throw SequencerError(SequencerAvailability.reason(openError: status)) }
        return handle
    }

    private static func destinations(of handle: OpaquePointer) -> [SequencerDestination] {
        var client: OpaquePointer?, port: OpaquePointer?
        snd_seq_client_info_malloc(&client)
        snd_seq_port_info_malloc(&port)
        defer {
            snd_seq_client_info_free(client)
            snd_seq_port_info_free(port)
        }
        let own = snd_seq_client_id(handle)
        let wanted = UInt32(SND_SEQ_PORT_CAP_WRITE | SND_SEQ_PORT_CAP_SUBS_WRITE)
        var found: [SequencerDestination] = []
        snd_seq_client_info_set_client(client, -1)
        while snd_seq_query_next_client(handle, client) >= 0 {
            let number = snd_seq_client_info_get_client(client)
            guard number != SND_SEQ_CLIENT_SYSTEM, number != own else { continue }
            snd_seq_port_info_set_client(port, number)
            snd_seq_port_info_set_port(port, -1)
            while snd_seq_query_next_port(handle, port) >= 0 {
                let capability = snd_seq_port_info_get_capability(port)
                guard capability & wanted == wanted, capability & UInt32(SND_SEQ_PORT_CAP_NO_EXPORT) == 0 else { continue }
                found.append(SequencerDestination(
                    client: number, port: snd_seq_port_info_get_port(port),
                    clientName: String(cString: snd_seq_client_info_get_name(client)),
                    portName: String(cString: snd_seq_port_info_get_name(port))))
            }
        }
        return found
    }

    /// The CLOCK_MONOTONIC time at which the running queue's clock read zero.
    private static func queueZero(_ handle: OpaquePointer, _ queue: Int32) -> Int64? {
        var status: OpaquePointer?
        snd_seq_queue_status_malloc(&status)
        defer { snd_seq_queue_status_free(status) }
        guard snd_seq_get_queue_status(handle, queue, status) >= 0, let time = snd_seq_queue_status_get_real_time(status) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return (Int64(now.tv_sec) - Int64(time.pointee.tv_sec)) * 1_000_000_000 + Int64(now.tv_nsec) - Int64(time.pointee.tv_nsec)
    }

    private static func text(_ status: Int32) -> String { String(cString: snd_strerror(status)) }
}

struct SequencerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
