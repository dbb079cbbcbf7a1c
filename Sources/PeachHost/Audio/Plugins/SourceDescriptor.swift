import PeachPluginAPI

/// What a sound source says about itself, copied out of the plugin's descriptor.
public struct SourceDescriptor: Codable, Hashable, Sendable {
    /// Stable reverse-DNS id, e.g. `org.peach.sine`.
    public var id: String
    public var name: String
    public var vendor: String
    public var version: String
    public var description: String
    public var kind: SourceKind
    /// Whether `process` keeps the audio-thread rules (no allocation, locks or I/O).
    public var realtimeSafe: Bool
    /// Whether a note sounds at its frequency; false for clicks and drums
    /// (`PEACH_SOURCE_UNPITCHED`), which are never offered for training pairs.
    public var pitched: Bool

    public init(id: String, name: String, vendor: String, version: String, description: String, kind: SourceKind, realtimeSafe: Bool,
                pitched: Bool = true) {
        self.id = id
        self.name = name
        self.vendor = vendor
        self.version = version
        self.description = description
        self.kind = kind
        self.realtimeSafe = realtimeSafe
        self.pitched = pitched
    }
}

/// How a source makes sound.
public enum SourceKind: String, Codable, Hashable, Sendable {
    /// It renders audio that the host plays.
    case audio
    /// It sends MIDI to an external instrument and renders no audio.
    case midi
}
