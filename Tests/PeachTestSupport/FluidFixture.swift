import PeachAudio
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

extension FluidFixture {
    /// Notes 1.5 s long, one every 2 s (the release fades within the gap).
    public static let noteFrames = 72_000
    public static let spacing = 96_000

    /// Plays `frequencies` one after another through the real engine into
    /// memory (48 kHz, mono) and returns the samples; note i starts at i·spacing.
    public static func render(_ frequencies: [Double], options: [String: String] = [:], library: String = BuildProducts.fluidPlugin) throws -> [Float] {
        let output = MemoryOutput(capacityFrames: frequencies.count * spacing + 96_000)
        let notes = frequencies.enumerated().map { (frequency: $1, start: Int64($0 * spacing), frames: Int64(noteFrames)) }
        let notices = try SourceFixture.render(notes, with: try instance(options: options, library: library), through: output)
        guard notices.allSatisfy({ !$0.endsRendering && !$0.silencedSource }) else { throw RenderFailure(notices: notices) }
        return output.samples(channel: 0)
    }

    public struct RenderFailure: Error, CustomStringConvertible {
        public var notices: [EngineNotice]
        public var description: String { "rendering failed: \(notices)" }
    }
}

extension FluidFixture {
    /// Plays `notes` (Hz, start and length in seconds; they may touch) on
    /// `program` through the real engine into memory (48 kHz, mono), with
    /// half a second after the last for its release.
    public static func render(melody notes: [(frequency: Double, start: Double, duration: Double)], program: Int,
                              library: String = BuildProducts.fluidPlugin) throws -> [Float] {
        let end = (notes.map { $0.start + $0.duration }.max() ?? 0) + 0.5
        let output = MemoryOutput(capacityFrames: Int(end * 48000) + 1024)
        let frames = notes.map { (frequency: $0.frequency, start: Int64(($0.start * 48000).rounded()), frames: Int64(($0.duration * 48000).rounded())) }
        let notices = try SourceFixture.render(frames, with: try instance(options: ["program": String(program)], library: library), through: output)
        guard notices.allSatisfy({ !$0.endsRendering && !$0.silencedSource }) else { throw RenderFailure(notices: notices) }
        return Array(output.samples(channel: 0).prefix(Int(end * 48000)))
    }
}
