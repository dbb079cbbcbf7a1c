import Foundation

/// A small SoundFont (SF2) written byte by byte, for what TimGM6mb cannot
/// show: a font without a drum kit, a kit with keys missing. One sample, a
/// 1 kHz tone dying away in 0.1 s, is played by every preset on the keys given.
public enum SoundFontWriter {
    public struct Preset {
        public var bank: Int
        public var program: Int
        public var name: String
        public var keys: [Int]

        public init(bank: Int, program: Int, name: String, keys: [Int]) {
            self.bank = bank
            self.program = program
            self.name = name
            self.keys = keys
        }
    }

    static let sampleRate = 48000
    static let sampleFrames = 4800

    /// Writes a font holding `presets` (each with an instrument of its own, one zone per run of consecutive keys) to `path`.
    public static func write(_ presets: [Preset], to path: String) throws {
        var phdr = Data(), pbag = Data(), pgen = Data(), inst = Data(), ibag = Data(), igen = Data()
        for (index, preset) in presets.enumerated() {
            phdr += name(preset.name) + u16(preset.program) + u16(preset.bank) + u16(index) + u32(0) + u32(0) + u32(0)
            pbag += u16(pgen.count / 4) + u16(0)
            pgen += u16(41) + u16(index)  // instrument
            inst += name(preset.name) + u16(ibag.count / 4)
            for run in runs(of: preset.keys) {
                ibag += u16(igen.count / 4) + u16(0)
                igen += u16(43) + Data([UInt8(run.lowerBound), UInt8(run.upperBound)])  // keyRange, first as the format requires
                igen += u16(53) + u16(0)  // sampleID, last
            }
        }
        // Each list ends with a terminal record that says where the last entry ends.
        phdr += name("EOP") + u16(0) + u16(0) + u16(presets.count) + u32(0) + u32(0) + u32(0)
        pbag += u16(pgen.count / 4) + u16(0)
        pgen += u32(0)
        inst += name("EOI") + u16(ibag.count / 4)
        ibag += u16(igen.count / 4) + u16(0)
        igen += u32(0)
        let frames = UInt32(sampleFrames)
        let shdr = name("Tone") + u32(0) + u32(frames) + u32(8) + u32(frames - 8) + u32(UInt32(sampleRate)) + Data([60, 0]) + u16(0) + u16(1)
            + name("EOS") + Data(count: 26)

        var samples = Data()
        for frame in 0..<(sampleFrames + 46) {  // 46 frames of silence after a sample, as the format requires
            let t = Double(frame) / Double(sampleRate)
            let value = frame < sampleFrames ? 0.5 * sin(2 * Double.pi * 1000 * t) * exp(-t / 0.02) : 0
            samples += u16(UInt16(bitPattern: Int16(value * 32767)))
        }
        let info = chunk("ifil", u16(2) + u16(1)) + chunk("isng", Data("EMU8000\0".utf8)) + chunk("INAM", Data("Peach test font\0".utf8))
        let presetData = chunk("phdr", phdr) + chunk("pbag", pbag) + chunk("pmod", Data(count: 10)) + chunk("pgen", pgen)
            + chunk("inst", inst) + chunk("ibag", ibag) + chunk("imod", Data(count: 10)) + chunk("igen", igen) + chunk("shdr", shdr)
        let body = Data("sfbk".utf8) + list("INFO", info) + list("sdta", chunk("smpl", samples)) + list("pdta", presetData)
        try chunk("RIFF", body).write(to: URL(fileURLWithPath: path))
    }

    private static func runs(of keys: [Int]) -> [ClosedRange<Int>] {
        var runs: [ClosedRange<Int>] = []
        for key in keys.sorted() {
            if let last = runs.last, last.upperBound + 1 == key { runs[runs.count - 1] = last.lowerBound...key } else { runs.append(key...key) }
        }
        return runs
    }

    private static func chunk(_ id: String, _ body: Data) -> Data {
        Data(id.utf8) + u32(UInt32(body.count)) + body + (body.count % 2 == 1 ? Data([0]) : Data())
    }

    private static func list(_ type: String, _ chunks: Data) -> Data { chunk("LIST", Data(type.utf8) + chunks) }

    /// A name field: 20 bytes, NUL-padded.
    private static func name(_ text: String) -> Data { Data(text.utf8.prefix(19)) + Data(count: 20 - min(19, text.utf8.count)) }

    private static func u16<T: BinaryInteger>(_ value: T) -> Data { withUnsafeBytes(of: UInt16(value).littleEndian) { Data($0) } }
    private static func u32<T: BinaryInteger>(_ value: T) -> Data { withUnsafeBytes(of: UInt32(value).littleEndian) { Data($0) } }
}
