import Glibc

/// A drum kit of a SoundFont: a preset in bank 128, where General MIDI fonts
/// keep their percussion.
struct DrumKit: Equatable, Sendable {
    static let bank = 128

    let program: Int
    let name: String

    /// [main-thread] The kits of `file`, by program, read from its preset
    /// headers without FluidSynth: the drum source lists them in its options
    /// when it is created, which must stay cheap. None if the file cannot be
    /// read or is damaged (loading it says why).
    static func all(in file: SoundFontFile) -> [DrumKit] {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        let riff = RiffChunks(descriptor: descriptor)
        var kits: [DrumKit] = []
        // Two presets with the same number are one choice.
        for header in riff.presetHeaders(inFontOfLength: 8 + (riff.uint32(at: 4) ?? 0))
        where header.bank == bank && (0...127).contains(header.program) && !kits.contains(where: { $0.program == header.program }) {
            kits.append(DrumKit(program: header.program, name: header.name.isEmpty ? "Kit \(header.program)" : header.name))
        }
        return kits.sorted { $0.program < $1.program }
    }
}
