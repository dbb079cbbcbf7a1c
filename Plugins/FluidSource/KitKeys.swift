import CFluidSynth

/// Which keys of a drum kit have a sound: each key is played, soft to loud,
/// through a voice like the notes' own, and FluidSynth starts something for
/// it or not. Done once per font and kit (`FontLibrary` keeps the result);
/// it takes milliseconds, so nothing is kept on disk.
enum KitKeys {
    /// A key sounding at none of these is refused outright; a key that lacks
    /// only some velocity is refused when a note asks for it (`FluidVoice.start` says).
    private static let velocities: [Int32] = [1, 32, 64, 96, 127]

    /// [main-thread] The kit's key offsets: 0 for a key with a sound, NaN for one without.
    static func find(_ kit: DrumKit, in font: LoadedFont) throws(FluidError) -> [Double] {
        let settings = FluidSettings.make(sampleRate: Calibration.sampleRate)
        defer { fluidSynth.delete_fluid_settings(settings) }
        let probe = Timbre.make(PresetNumber(bank: DrumKit.bank, program: kit.program), keyOffsets: [Double](repeating: 0, count: 128),
                                isDrumKit: true, name: kit.name)
        defer { Timbre.free(probe) }
        var voice = try FluidVoice(settings: settings, font: font, timbre: probe, maxFrames: 64)
        defer { voice.destroy(font: font) }
        var offsets = [Double](repeating: .nan, count: 128)
        for key in 0..<128 {
            for velocity in velocities {
                guard voice.start(noteID: 1, key: Int32(key), velocity: velocity, cents: 0, ratio: 1, amplitude: 1, order: 0,
                                  timbre: probe, fontName: font.fluidName) else { continue }
                voice.stop()
                offsets[key] = 0
                break
            }
        }
        return offsets
    }
}
