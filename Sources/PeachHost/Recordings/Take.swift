/// One recorded take in the recordings folder, as read from its file.
public struct Take: Equatable, Sendable {
    /// The file name without its extension: what the user calls it.
    public var name: String
    public var path: String
    public var format: TakeFormat
    /// When recording began, Unix seconds: from the file's own date tag, so a
    /// rename keeps it (the name's date and time, then the file's time, where no tag is).
    public var startTime: Int64
    public var frames: Int64
    public var channels: Int
    public var sampleRate: Int
    public var bytes: Int64

    /// The length in seconds.
    public var seconds: Double { sampleRate > 0 ? Double(frames) / Double(sampleRate) : 0 }

    /// The library's order: newest first, then by name (backwards), so it is total.
    static func isNewer(_ a: Take, than b: Take) -> Bool {
        (a.startTime, a.name) > (b.startTime, b.name)
    }
}

/// An entry of the recordings folder that is not a readable take: listed with
/// why, never followed, opened as audio or removed.
public struct DamagedEntry: Equatable, Sendable {
    /// The file name as it is in the folder.
    public var fileName: String
    public var path: String
    public var damage: TakeDamage
}

/// Why an entry of the recordings folder is not a take.
public enum TakeDamage: Equatable, Sendable {
    /// A symbolic link (planted by a synced folder, say): never followed.
    case symbolicLink
    /// A folder, a FIFO, a device.
    case notRegularFile
    /// A file that is not a FLAC or WAV take (its extension, maybe empty).
    case notATake(fileExtension: String)
    /// libsndfile could not read it; its words.
    case unreadable(reason: String)
    /// A file of no bytes, which libsndfile calls a format it does not know.
    case empty
    /// The file ends before the length its header gives (`declared` frames): cut short, or corrupt near its end.
    case truncated(declared: Int64)
}

/// What the folder holds: the takes, newest first, and the entries that are not takes.
public struct TakeListing: Equatable, Sendable {
    public var takes: [Take]
    public var damaged: [DamagedEntry]
    /// Why the folder itself could not be read (its mode, say), so it lists nothing; nil if it could, or there is none.
    public var unreadable: RecordingError?
}
