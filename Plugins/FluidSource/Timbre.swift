/// A SoundFont preset: bank and program.
struct PresetNumber: Hashable, Sendable, CustomStringConvertible {
    var bank: Int
    var program: Int

    var description: String { bank == 0 ? "\(GeneralMIDI.programNames[program]) (program \(program))" : "bank \(bank), program \(program)" }
}

/// What the audio thread needs to know about an instrument: its preset, and
/// how many cents above equal temperament each MIDI key (0...127) sounds when
/// FluidSynth plays it untuned. Made once by `FontLibrary` and never freed, so
/// a pointer to it may cross to the audio thread at any time.
struct Timbre {
    let bank: Int32
    let program: Int32
    let keyOffsets: UnsafePointer<Double>
    /// How exactly its pairs keep their interval; nil as the font tunes it (not calibrated).
    var pairs: PairCheck? = nil

    static func make(_ preset: PresetNumber, keyOffsets offsets: [Double], pairs: PairCheck?) -> UnsafePointer<Timbre> {
        let storage = UnsafeMutablePointer<Double>.allocate(capacity: 128)
        storage.initialize(from: offsets, count: 128)
        let timbre = UnsafeMutablePointer<Timbre>.allocate(capacity: 1)
        timbre.initialize(to: Timbre(bank: Int32(preset.bank), program: Int32(preset.program), keyOffsets: storage, pairs: pairs))
        return UnsafePointer(timbre)
    }
}
