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
    private let timbre: UnsafeMutablePointer<Timbre>
    private let untuned = UnsafeMutablePointer<Double>.allocate(capacity: 128)

    /// [main-thread] Renders up to `maxFrames` at once.
    init(_ preset: PresetNumber, of font: LoadedFont, maxFrames: Int) throws(FluidError) {
        settings = FluidSettings.make(sampleRate: Self.sampleRate)
        fontName = font.fluidName
        untuned.initialize(repeating: 0, count: 128)
        timbre = .allocate(capacity: 1)
        timbre.initialize(to: Timbre(bank: Int32(preset.bank), program: Int32(preset.program), keyOffsets: untuned))
        do {
            voice = try FluidVoice(settings: settings, font: font, timbre: timbre, maxFrames: maxFrames)
        } catch {
            fluidSynth.delete_fluid_settings(settings)
            untuned.deallocate()
            timbre.deallocate()
            throw error
        }
    }

    func destroy(font: LoadedFont) {
        voice.destroy(font: font)
        fluidSynth.delete_fluid_settings(settings)
        untuned.deallocate()
        timbre.deallocate()
    }

    /// Plays `key` from silence, `shift` cents above its untuned pitch, left
    /// and right mixed into `output`, held for `frames`; then silences the voice.
    mutating func render(_ key: Int, shift: Double, frames: Int, into output: UnsafeMutablePointer<Float>) {
        output.update(repeating: 0, count: frames)
        let tuning = FluidVoice.tuning(shift: shift)
        voice.start(noteID: 1, key: Int32(key), cents: tuning.cents, ratio: tuning.ratio, amplitude: 1, order: 0,
                    timbre: UnsafePointer(timbre), fontName: fontName)
        voice.render(into: output, right: nil, count: frames, attackFrames: 1, tracksEffectTails: false)
        voice.stop()
    }
}
