import PeachAudio
import PeachHost

/// The Sine plugin built by this checkout, loaded the way Peach loads it.
public enum SineFixture {
    public static func instance(options: [String: String] = [:], library: String = BuildProducts.sinePlugin) throws -> SourceInstance {
        try SourceFixture.instance(of: "org.peach.sine", library: library, options: options)
    }

    /// Renders `notes` (frequency, start frame, length) through `output` and returns the engine's notices.
    @discardableResult
    public static func render(_ notes: [(frequency: Double, start: Int64, frames: Int64)], through output: AudioOutput,
                              options: [String: String] = [:], velocity: Double = 1) throws -> [EngineNotice] {
        try SourceFixture.render(notes, with: try instance(options: options), through: output, velocity: velocity)
    }
}
