import PeachAudio
import PeachHost

/// The Sample plugin built by this checkout, and sound files for it to play,
/// written by Peach's own WAV and FLAC outputs.
public enum SampleFixture {
    public static let sourceID = "org.peach.sample"

    public static func instance(options: [String: String] = [:]) throws -> SourceInstance {
        try SourceFixture.instance(of: sourceID, library: BuildProducts.samplePlugin, options: options)
    }

    /// Writes `channels` (one array per channel, of equal length) at `sampleRate`
    /// to `path`: 32-bit float WAV, or 24-bit FLAC for a name ending in .flac.
    public static func write(_ channels: [[Float]], sampleRate: Double, to path: String) throws {
        let format = AudioFormat(sampleRate: sampleRate, channels: channels.count, blockFrames: 256)
        let output: AudioOutput = path.hasSuffix(".flac") ? try FlacFileOutput(path: path, format: format) : try WavFileOutput(path: path, format: format)
        let interleaved = (0..<channels[0].count).flatMap { frame in channels.map { $0[frame] } }
        guard output.write(interleaved, frames: channels[0].count) == .written else { throw WriteFailure(path: path) }
        try output.finish()
    }

    public struct WriteFailure: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "could not write \(path)" }
    }
}
