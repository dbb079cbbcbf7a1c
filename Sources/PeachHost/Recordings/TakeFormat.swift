/// How a take is kept: FLAC (lossless, about half the size) or WAV (32-bit float, exactly as captured).
public enum TakeFormat: String, CaseIterable, Sendable {
    case flac, wav

    /// The file name's extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The format of a file named `fileName`, by its extension (any case).
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}
