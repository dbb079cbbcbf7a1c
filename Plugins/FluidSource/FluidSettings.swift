import CFluidSynth

/// FluidSynth settings for Peach's synths, which render offline (no audio
/// driver) and are each driven by one thread at a time.
enum FluidSettings {
    /// FluidSynth voices per synth: one note's layered zones and its predecessor's release.
    static let polyphony = 32

    /// [main-thread] Settings the caller deletes after every synth made from them.
    static func make(sampleRate: Double, reverb: Bool = false, chorus: Bool = false) -> OpaquePointer {
        let settings = fluidSynth.new_fluid_settings()!
        _ = fluidSynth.fluid_settings_setnum(settings, "synth.sample-rate", sampleRate)
        _ = fluidSynth.fluid_settings_setint(settings, "synth.reverb.active", reverb ? 1 : 0)
        _ = fluidSynth.fluid_settings_setint(settings, "synth.chorus.active", chorus ? 1 : 0)
        // One thread drives each synth: no API mutex, so process() takes no lock.
        _ = fluidSynth.fluid_settings_setint(settings, "synth.threadsafe-api", 0)
        // Fonts are shared between synths on several threads: their samples must never be loaded or unloaded on the fly.
        _ = fluidSynth.fluid_settings_setint(settings, "synth.dynamic-sample-loading", 0)
        _ = fluidSynth.fluid_settings_setint(settings, "synth.polyphony", Int32(polyphony))
        // FluidSynth's default 0.2 leaves General MIDI fonts some 20 dB below full scale; Peach scales notes itself.
        _ = fluidSynth.fluid_settings_setnum(settings, "synth.gain", 1)
        return settings
    }
}
