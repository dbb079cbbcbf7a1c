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
            let key = LoadedFont.TimbreKey(preset: preset, calibrated: calibrated)
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
            let timbre = Timbre.make(preset, keyOffsets: offsets, pairs: pairs)
            font.timbres[key] = timbre
            return Lookup(timbre: timbre, measuredMilliseconds: measured)
        }
    }
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1e3 + Double(components.attoseconds) / 1e15 }
}
