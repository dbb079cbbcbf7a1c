/// A source whose library passed every check but which cannot be made here
/// and now: its `create` failed, usually because something it needs is
/// missing (a MIDI sequencer, a device, a licence). It is listed with the
/// source's own reason, and works again once the cause is gone.
public struct SourceUnavailable: Error, Codable, Hashable, Sendable {
    public var descriptor: SourceDescriptor
    /// Canonical path of the library.
    public var libraryPath: String
    /// The source's own words, from `create`.
    public var reason: PluginReason
}
