import CFluidSynth
import Glibc

/// Calibrations kept between runs, one small text file per font in
/// `$XDG_CACHE_HOME/peach/fluid` (else `~/.cache/peach/fluid`). The file's name
/// carries a hash of the font's path, size and modification time, FluidSynth's
/// version and the measuring method, so a changed font or a new FluidSynth is
/// measured afresh. Failing to read or write it only costs a new measurement.
///
/// Format: `#` comment lines, then one line per preset: bank, program, and
/// the offsets of keys 0...127 in cents, `-` for a key with no pitch.
enum CalibrationStore {
    static func path(for font: SoundFontFile) -> String {
        let identity = "\(font.path)\n\(font.size)\n\(font.modified)\n\(String(cString: fluidSynth.fluid_version_str()!))\n\(Calibration.method)"
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in identity.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return folder() + "/" + font.name + "-" + String(repeating: "0", count: 16 - hex.count) + hex + ".txt"
    }

    static func read(_ font: SoundFontFile) -> [PresetNumber: [Double]] {
        guard let file = fopen(path(for: font), "r") else { return [:] }
        defer { fclose(file) }
        var calibrations: [PresetNumber: [Double]] = [:]
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let fields = String(cString: line).split(whereSeparator: { $0 == " " || $0 == "\n" })
            guard fields.count == 130, fields.first?.hasPrefix("#") == false,
                  let bank = Int(fields[0]), let program = Int(fields[1]) else { continue }
            let offsets = fields.dropFirst(2).compactMap { $0 == "-" ? Double.nan : Double($0).flatMap { $0.isFinite ? $0 : nil } }
            if offsets.count == 128 { calibrations[PresetNumber(bank: bank, program: program)] = offsets }
        }
        return calibrations
    }

    /// Writes all of `calibrations` beside the file, then renames it into place.
    static func write(_ calibrations: [PresetNumber: [Double]], for font: SoundFontFile) {
        let target = path(for: font)
        guard makeFolders(folder()) else { return }
        let temporary = target + ".\(getpid()).tmp"
        guard let file = fopen(temporary, "w") else { return }
        var content = "# Peach: cents by which each key (0-127) of a preset sounds off, measured by the FluidSynth source\n"
        content += "# \(font.path), \(font.size) bytes, FluidSynth \(String(cString: fluidSynth.fluid_version_str()!)), method \(Calibration.method)\n"
        for (preset, offsets) in calibrations.sorted(by: { ($0.key.bank, $0.key.program) < ($1.key.bank, $1.key.program) }) {
            content += "\(preset.bank) \(preset.program) " + offsets.map { text($0) }.joined(separator: " ") + "\n"
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

