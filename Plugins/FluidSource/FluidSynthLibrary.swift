import CFluidSynth

/// libfluidsynth, opened on the first activation rather than when the plugin
/// is loaded: discovery loads every plugin just to list it, and FluidSynth
/// with its many dependencies would add some 20 ms to that.
enum FluidSynthLibrary {
    /// [main-thread] Opens it, once; every FluidSynth call (`peach_fluid`) comes after.
    static func open() throws(FluidError) {
        var reason = [CChar](repeating: 0, count: 512)
        guard peach_fluid_open(&reason, reason.count) == 0 else {
            throw .fluidSynthUnavailable(reason: String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
    }
}

/// FluidSynth's functions, by their own names: `fluidSynth.fluid_synth_noteon(...)`.
/// Valid once `FluidSynthLibrary.open()` has succeeded.
var fluidSynth: peach_fluid_api { peach_fluid.pointee }
