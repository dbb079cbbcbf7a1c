import PeachSupport

/// The form a take has while it is recorded: a 32-bit float WAV whose header
/// has a fixed length and carries the start time (a LIST/INFO `ICRD` chunk,
/// which libsndfile reads as the date). Whatever a kill or power loss leaves,
/// the sizes can be made again from the file's length alone.
enum PartialWav {
    /// Bytes before the first sample: RIFF, fmt (18), fact, LIST/INFO/ICRD (a 20-character stamp and its NUL, padded), data.
    static let headerBytes = 12 + (8 + 18) + (8 + 4) + (8 + 4 + 8 + 22) + 8

    /// The header for `dataBytes` of samples in `channels` at `sampleRate`, begun at `startTime`.
    static func header(sampleRate: Int, channels: Int, startTime: Int64, dataBytes: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(headerBytes)
        func append(_ text: String) { bytes += Array(text.utf8) }
        func append32(_ value: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        func append16(_ value: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { bytes += $0 } }
        let blockAlign = channels * 4
        append("RIFF"); append32(headerBytes - 8 + dataBytes); append("WAVE")
        append("fmt "); append32(18); append16(3); append16(channels)
        append32(sampleRate); append32(sampleRate * blockAlign); append16(blockAlign); append16(32); append16(0)
        append("fact"); append32(4); append32(dataBytes / blockAlign)
        append("LIST"); append32(4 + 8 + 22); append("INFO"); append("ICRD"); append32(21)
        append(TakeStamp.text(startTime)); bytes += [0, 0]
        append("data"); append32(dataBytes)
        return bytes
    }

    /// What a header of this form says: channels, rate and start time; nil if the bytes are not one.
    static func read(header bytes: [UInt8]) -> (channels: Int, sampleRate: Int, startTime: Int64)? {
        guard bytes.count >= headerBytes, Array(bytes[0..<4]) == Array("RIFF".utf8), Array(bytes[8..<16]) == Array("WAVEfmt ".utf8),
              Array(bytes[92..<96]) == Array("data".utf8) else { return nil }
        func value(_ at: Int, _ count: Int) -> Int { (0..<count).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let stamp = String(decoding: bytes[70..<90], as: UTF8.self)
        guard value(20, 2) == 3, value(34, 2) == 32, let time = TakeStamp.time(stamp) else { return nil }
        return (value(22, 2), value(24, 4), time)
    }

    /// The byte offsets of the three sizes a header carries: RIFF, fact's frames, data.
    static let riffSizeOffset = 4, factFramesOffset = 46, dataSizeOffset = 96
}
