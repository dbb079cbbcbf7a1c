import PeachAudio
import PeachHost

/// The SoundFont drums source of the FluidSynth plugin built by this
/// checkout, playing TimGM6mb's kits unless told otherwise, as the metronome
/// plays it: note-ons on General MIDI percussion keys.
public enum FluidDrumsFixture {
    public static let sourceID = "org.peach.fluid-drums"

    public static func instance(options: [String: String] = [:]) throws -> SourceInstance {
        try SourceFixture.instance(of: sourceID, library: BuildProducts.fluidPlugin, options: ["font": FluidFixture.timGM6mb].merging(options) { $1 })
    }

    /// Renders `hits` (in frame order) with `source`, a new instance if none,
    /// into memory (48 kHz, mono) in blocks of `blockFrames`.
    public static func render(_ hits: [(key: Int, frame: Int64, velocity: Double)], frames: Int, blockFrames: Int = 256,
                              with source: SourceInstance? = nil) throws -> SourceFixture.OneShots {
        try SourceFixture.renderOneShots(hits, with: try source ?? instance(), frames: frames, blockFrames: blockFrames)
    }
}
