import PeachHost

/// The FluidSynth plugin built by this checkout, playing TimGM6mb (which
/// Debian installs with libfluidsynth) unless told otherwise.
public enum FluidFixture {
    public static let sourceID = "org.peach.fluid"
    /// By path: the default font depends on PEACH_SOUNDFONT, which may be set on a developer's machine.
    public static let timGM6mb = "/usr/share/sounds/sf2/TimGM6mb.sf2"

    /// General MIDI programs with a steady pitch: the ones the accuracy promise is about.
    public static let sustainedPrograms = [(19, "Church Organ"), (48, "String Ensemble 1"), (73, "Flute"), (80, "Lead 1 (square)")]

    public static func instance(options: [String: String] = [:], library: String = BuildProducts.fluidPlugin) throws -> SourceInstance {
        try SourceFixture.instance(of: sourceID, library: library, options: ["font": timGM6mb].merging(options) { $1 })
    }
}
