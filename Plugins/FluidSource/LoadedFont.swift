import CFluidSynth

/// A SoundFont in memory, loaded once per process and kept until it ends, so
/// program changes and new instances (a source swap) reuse it. FluidSynth
/// loads a font into a synth; this one's synth never plays: it only owns the
/// font, which each voice's synth borrows with `fluid_synth_add_sfont`.
final class LoadedFont: @unchecked Sendable {
    let file: SoundFontFile
    /// The fluid_sfont_t.
    let sfont: OpaquePointer
    /// The name FluidSynth knows the font by, for selecting presets in the synths that borrow it.
    let fluidName: UnsafePointer<CChar>
    /// Its bank-128 presets, by program.
    let drumKits: [DrumKit]
    private let settings: OpaquePointer
    private let owner: OpaquePointer

    // Guarded by FontLibrary's lock.
    var calibrations: [PresetNumber: PresetCalibration]
    var timbres: [TimbreKey: UnsafePointer<Timbre>] = [:]

    enum TimbreKey: Hashable {
        case instrument(PresetNumber, calibrated: Bool)
        case drumKit(program: Int)
    }

    /// [main-thread] Loads `file`. FluidSynth's complaint, if any, becomes the error's reason.
    init(_ file: SoundFontFile) throws(FluidError) {
        try file.checkStructure()
        drumKits = DrumKit.all(in: file)
        let settings = FluidSettings.make(sampleRate: Calibration.sampleRate)
        guard let owner = fluidSynth.new_fluid_synth(settings) else {
            fluidSynth.delete_fluid_settings(settings)
            throw .rejectedByFluidSynth(path: file.path, reason: "cannot create a synthesizer")
        }
        peach_fluid_capture_begin()
        let id = fluidSynth.fluid_synth_sfload(owner, file.path, 0)
        let reason = String(cString: peach_fluid_capture_end())
        guard id != FLUID_FAILED, let sfont = fluidSynth.fluid_synth_get_sfont_by_id(owner, id), let name = fluidSynth.fluid_sfont_get_name(sfont) else {
            fluidSynth.delete_fluid_synth(owner)
            fluidSynth.delete_fluid_settings(settings)
            throw .rejectedByFluidSynth(path: file.path, reason: reason)
        }
        self.file = file
        self.settings = settings
        self.owner = owner
        self.sfont = sfont
        fluidName = name
        calibrations = CalibrationStore.read(file)
    }

    func hasPreset(_ preset: PresetNumber) -> Bool {
        (0...127).contains(preset.program) && fluidSynth.fluid_sfont_get_preset(sfont, Int32(preset.bank), Int32(preset.program)) != nil
    }
}
