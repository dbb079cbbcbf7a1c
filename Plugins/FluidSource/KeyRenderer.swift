import CFluidSynth

/// Plays one note at a time of a preset, untuned by any calibration, through
/// a voice of its own exactly as `FluidPlayer` plays notes (the same
/// FluidSynth calls, the same split of a shift into cents and a ratio): what
/// the calibration and the pair check measure is what the listener hears.
struct KeyRenderer {
    static let sampleRate = 48000.0

    private let settings: OpaquePointer
    private let fontName: UnsafePointer<CChar>
    private var voice: FluidVoice
    private let timbre: UnsafePointer<Timbre>

    /// [main-thread] Renders up to `maxFrames` at once.
    init(_ preset: PresetNumber, of font: LoadedFont, maxFrames: Int) throws(FluidError) {
        settings = FluidSettings.make(sampleRate: Self.sampleRate)
        fontName = font.fluidName
        timbre = Timbre.make(preset, keyOffsets: [Double](repeating: 0, count: 128), name: preset.description)
        do {
            voice = try FluidVoice(settings: settings, font: font, timbre: timbre, maxFrames: maxFrames)
        } catch {
            fluidSynth.delete_fluid_settings(settings)
            Timbre.free(timbre)
            throw error
        }
    }

    func destroy(font: LoadedFont) {
        voice.destroy(font: font)
        fluidSynth.delete_fluid_settings(settings)
        Timbre.free(timbre)
    }

    /// Plays `key` from silence, `shift` cents above its untuned pitch, left
    /// and right mixed into `output`, held for `frames`; then silences the voice.
    mutating func render(_ key: Int, shift: Double, frames: Int, into output: UnsafeMutablePointer<Float>) {
        output.update(repeating: 0, count: frames)
        let tuning = FluidVoice.tuning(shift: shift)
        voice.start(noteID: 1, key: Int32(key), velocity: FluidVoice.midiVelocity, cents: tuning.cents, ratio: tuning.ratio, amplitude: 1, order: 0,
                    timbre: timbre, fontName: fontName)
        voice.render(into: output, right: nil, count: frames, attackFrames: 1, tracksEffectTails: false)
        voice.stop()
    }
}
