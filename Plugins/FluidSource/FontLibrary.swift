import Synchronization

/// Every font this process has loaded, with their calibrations and timbres.
/// One lock guards it all; only main threads take it (to load, calibrate or
/// look up), never the audio thread, which gets immutable `Timbre`s.
enum FontLibrary {
    private static let fonts = Mutex<[SoundFontFile: LoadedFont]>([:])

    /// [main-thread] The font in `file`, loaded now unless this process already has it.
    static func font(_ file: SoundFontFile) throws(FluidError) -> LoadedFont {
        try fonts.withLock { (fonts: inout [SoundFontFile: LoadedFont]) throws(FluidError) -> LoadedFont in
            if let loaded = fonts[file] { return loaded }
            let loaded = try LoadedFont(file)
            fonts[file] = loaded
            return loaded
        }
    }

    /// What `timbre` found, and whether it had to measure the tuning first.
    struct Lookup {
        var timbre: UnsafePointer<Timbre>
        var measuredMilliseconds: Double?
    }

    /// [main-thread] A preset of `font`, either `calibrated` (each key's tuning
    /// and the pair check measured once, then kept in memory and on disk) or
    /// as the font tunes it (no promise of exact pitch, so no pair check).
    static func timbre(_ preset: PresetNumber, calibrated: Bool, in font: LoadedFont) throws(FluidError) -> Lookup {
        try fonts.withLock { (_: inout [SoundFontFile: LoadedFont]) throws(FluidError) -> Lookup in
            let key = LoadedFont.TimbreKey.instrument(preset, calibrated: calibrated)
            if let timbre = font.timbres[key] { return Lookup(timbre: timbre) }
            guard font.hasPreset(preset) else { throw .noPreset(font: font.file.path, bank: preset.bank, program: preset.program) }
            var offsets = [Double](repeating: 0, count: 128)
            var pairs: PairCheck?
            var measured: Double?
            if calibrated {
                var calibration = font.calibrations[preset]
                if calibration == nil {
                    let start = ContinuousClock.now
                    let keyOffsets = try Calibration.measure(preset, of: font)
                    calibration = PresetCalibration(keyOffsets: keyOffsets, pairs: try PairCheck.measure(preset, of: font, keyOffsets: keyOffsets))
                    measured = (ContinuousClock.now - start).milliseconds
                    font.calibrations[preset] = calibration
                    CalibrationStore.write(font.calibrations, for: font.file)
                }
                offsets = calibration!.keyOffsets
                pairs = calibration!.pairs
                guard offsets.contains(where: \.isFinite) else { throw .noPitch(font: font.file.path, preset: preset.description) }
            }
            let timbre = Timbre.make(preset, keyOffsets: offsets, pairs: pairs, name: preset.description)
            font.timbres[key] = timbre
            return Lookup(timbre: timbre, measuredMilliseconds: measured)
        }
    }

    /// [main-thread] The drum kit at `program` of `font` (nil: its first),
    /// with the keys it has a sound for found on first use.
    static func drumKit(_ program: Int?, in font: LoadedFont) throws(FluidError) -> UnsafePointer<Timbre> {
        try fonts.withLock { (_: inout [SoundFontFile: LoadedFont]) throws(FluidError) -> UnsafePointer<Timbre> in
            guard var kit = font.drumKits.first else { throw .noDrumKit(font: font.file.path) }
            if let program {
                guard let chosen = font.drumKits.first(where: { $0.program == program }) else {
                    throw .noPreset(font: font.file.path, bank: DrumKit.bank, program: program)
                }
                kit = chosen
            }
            let key = LoadedFont.TimbreKey.drumKit(program: kit.program)
            if let timbre = font.timbres[key] { return timbre }
            let offsets = try KitKeys.find(kit, in: font)
            guard offsets.contains(where: { !$0.isNaN }) else { throw .silentKit(font: font.file.path, kit: kit.name) }
            let timbre = Timbre.make(PresetNumber(bank: DrumKit.bank, program: kit.program), keyOffsets: offsets, isDrumKit: true, name: kit.name)
            font.timbres[key] = timbre
            return timbre
        }
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15 }
}
