import PeachPluginAPI

/// An event a source sent back from `process` (ABI 1.1's `out_events`), on
/// its way from the render thread to the main thread with the track it came
/// from. Only refused notes are taken so far.
struct SourceEvent: BitwiseCopyable {
    var track: Int32
    var refusal: peach_event_note_refused
}

/// The transport the render thread reads, published by pointer; the engine
/// keeps every one it publishes until it stops.
final class TransportBox: Sendable {
    let transport: Transport
    init(_ transport: Transport) { self.transport = transport }
}
