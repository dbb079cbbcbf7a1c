import CFluidSynth
import Glibc

/// Calibrations kept between runs, one small text file per font in
/// `$XDG_CACHE_HOME/peach/fluid` (else `~/.cache/peach/fluid`). The file's name
/// carries a hash of the font's path, size and modification time, FluidSynth's
/// version and the measuring method, so a changed font or a new FluidSynth is
/// measured afresh. Failing to read or write it only costs a new measurement.
///
/// Format: `#` comment lines, then one line per preset: bank, program, the
/// offsets of keys 0...127 in cents (`-` for a key with no pitch), and the
/// pair check: worst interval error in cents (`inf` if unmeasurable), the key
/// and the asked interval where it was worst.
enum CalibrationStore {
    static func path(for font: SoundFontFile) -> String {
        let identity = "\(font.path)\n\(font.size)\n\(font.modified)\n\(String(cString: fluidSynth.fluid_version_str()!))\n\(Calibration.method)"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in identity.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return folder() + "/" + font.name + "-" + String(repeating: "0", count: 16 - hex.count) + hex + ".txt"
    }

    static func read(_ font: SoundFontFile) -> [PresetNumber: PresetCalibration] {
        guard let file = fopen(path(for: font), "r") else { return [:] }
        defer { fclose(file) }
        var calibrations: [PresetNumber: PresetCalibration] = [:]
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let fields = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard fields.count == 133, fields.first?.hasPrefix("#") == false,
                  let bank = Int(fields[0]), let program = Int(fields[1]),
                  let worst = Double(fields[130]), !worst.isNaN, worst >= 0, let key = Int(fields[131]), let asked = Double(fields[132]) else { continue }
            let offsets = fields[2..<130].compactMap { $0 == "-" ? Double.nan : Double($0).flatMap { $0.isFinite ? $0 : nil } }
            if offsets.count == 128 {
                calibrations[PresetNumber(bank: bank, program: program)] =
                    PresetCalibration(keyOffsets: offsets, pairs: PairCheck(worstCents: worst, key: key, askedCents: asked))
            }
        }
        return calibrations
    }

    /// Writes all of `calibrations` beside the file, then renames it into place.
    static func write(_ calibrations: [PresetNumber: PresetCalibration], for font: SoundFontFile) {
        let target = path(for: font)
        guard makeFolders(folder()) else { return }
        let temporary = target + ".\(getpid()).tmp"
        guard let file = fopen(temporary, "w") else { return }
        var content = "# Peach: cents by which each key (0-127) of a preset sounds off, then its pairs' worst interval error, key and interval, "
            + "measured by the FluidSynth source\n"
        content += "# \(font.path), \(font.size) bytes, FluidSynth \(String(cString: fluidSynth.fluid_version_str()!)), method \(Calibration.method)\n"
        for (preset, calibration) in calibrations.sorted(by: { ($0.key.bank, $0.key.program) < ($1.key.bank, $1.key.program) }) {
            let pairs = calibration.pairs
            content += "\(preset.bank) \(preset.program) " + calibration.keyOffsets.map { text($0) }.joined(separator: " ")
                + " \(pairs.worstCents.isFinite ? text(pairs.worstCents) : "inf") \(pairs.key) \(text(pairs.askedCents))\n"
        }
        let complete = fputs(content, file) >= 0
        guard fclose(file) == 0, complete, rename(temporary, target) == 0 else {
            unlink(temporary)
            return
        }
    }

    /// Five decimals: far finer than any measurement.
    private static func text(_ offset: Double) -> String {
        offset.isNaN ? "-" : String((offset * 100_000).rounded() / 100_000)
    }

    private static func folder() -> String {
        let cache = getenv("XDG_CACHE_HOME").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? FontSearch.expandingHome("~/.cache")
        return cache + "/peach/fluid"
    }

    /// `mkdir -p`.
    private static func makeFolders(_ path: String) -> Bool {
        var partial = ""
        for component in path.split(separator: "/") {
            partial += "/" + component
            if mkdir(partial, 0o755) != 0 && errno != EEXIST { return false }
        }
        return true
    }
}

