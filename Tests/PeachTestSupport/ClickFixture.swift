import PeachAudio
import PeachHost

/// The Clicks plugin built by this checkout, played as the metronome plays
/// it: note-ons on General MIDI percussion keys.
public enum ClickFixture {
    public static let sourceID = "org.peach.click"

    public static func instance(options: [String: String] = [:]) throws -> SourceInstance {
        try SourceFixture.instance(of: sourceID, library: BuildProducts.clickPlugin, options: options)
    }

    /// Renders `clicks` (in frame order) with `source`, a new instance if none, into memory (48 kHz, mono).
    public static func render(_ clicks: [(key: Int, frame: Int64, velocity: Double)], frames: Int,
                              with source: SourceInstance? = nil) throws -> SourceFixture.OneShots {
        try SourceFixture.renderOneShots(clicks, with: try source ?? instance(), frames: frames)
    }
}
