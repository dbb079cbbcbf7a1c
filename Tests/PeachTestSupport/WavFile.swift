import Foundation

/// A WAV file read back for measurement: 16/24/32-bit integer PCM or 32-bit
/// float, as written by Peach's WAV output or alsa-lib's `file` PCM.
public struct WavFile: Sendable {
    public var sampleRate: Double
    public var channels: Int
    /// One array of samples per channel, scaled to -1...1.
    public var samples: [[Double]]

    public var frameCount: Int { samples.first?.count ?? 0 }

    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func read(path: String) throws -> WavFile {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func fail(_ text: String) -> FormatError { FormatError(description: "\(path): \(text)") }
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, bytes[0..<4] == Array("RIFF".utf8)[...], bytes[8..<12] == Array("WAVE".utf8)[...] else {
            throw fail("not a RIFF/WAVE file")
        }
        var position = 12
        var format: (tag: Int, channels: Int, rate: Int, bits: Int)?
        while position + 8 <= bytes.count {
            let id = String(decoding: bytes[position..<position + 4], as: UTF8.self)
            let size = u32(position + 4)
            let body = position + 8
            if id == "fmt " {
                var tag = u16(body)
                if tag == 0xFFFE { tag = u16(body + 24) }  // WAVE_FORMAT_EXTENSIBLE: the sub-format's tag
                format = (tag, u16(body + 2), u32(body + 4), u16(body + 14))
            } else if id == "data" {
                guard let format else { throw fail("data before fmt") }
                let end = min(bytes.count, body + size)
                return try decode(Array(bytes[body..<end]), format: format, fail: fail)
            }
            position = body + size + (size & 1)
        }
        throw fail("no data chunk")
    }

    private static func decode(_ data: [UInt8], format: (tag: Int, channels: Int, rate: Int, bits: Int), fail: (String) -> FormatError) throws -> WavFile {
        let width = format.bits / 8
        guard format.channels > 0, width > 0 else { throw fail("bad format") }
        let frames = data.count / (width * format.channels)
        var samples = [[Double]](repeating: [Double](repeating: 0, count: frames), count: format.channels)
        try data.withUnsafeBytes { raw in
            for frame in 0..<frames {
                for channel in 0..<format.channels {
                    let at = (frame * format.channels + channel) * width
                    let value: Double
                    switch (format.tag, format.bits) {
                    case (3, 32): value = Double(Float(bitPattern: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian))
                    case (1, 16): value = Double(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int16.self))) / 32768
                    case (1, 32): value = Double(Int32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: Int32.self))) / 2147483648
                    case (1, 24):
                        let unsigned = Int32(raw[at]) | Int32(raw[at + 1]) << 8 | Int32(raw[at + 2]) << 16
                        value = Double((unsigned << 8) >> 8) / 8388608
                    default: throw fail("unsupported sample format \(format.tag)/\(format.bits) bits")
                    }
                    samples[channel][frame] = value
                }
            }
        }
        return WavFile(sampleRate: Double(format.rate), channels: format.channels, samples: samples)
    }
}
