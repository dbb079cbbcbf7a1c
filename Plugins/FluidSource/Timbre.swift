import Glibc

/// A SoundFont preset: bank and program.
struct PresetNumber: Hashable, Sendable, CustomStringConvertible {
    var bank: Int
    var program: Int

    var description: String { bank == 0 ? "\(GeneralMIDI.programNames[program]) (program \(program))" : "bank \(bank), program \(program)" }
}

/// What the audio thread needs to know about an instrument or a drum kit:
/// its preset, and how many cents above equal temperament each MIDI key
/// (0...127) sounds when FluidSynth plays it untuned, NaN for a key not to
/// play. Made once by `FontLibrary` and never freed, so a pointer to it may
/// cross to the audio thread at any time.
struct Timbre {
    let bank: Int32
    let program: Int32
    let keyOffsets: UnsafePointer<Double>
    /// A drum kit's keys choose sounds, not pitches: it plays on General MIDI's
    /// percussion channel, each key as the font has it (no retuning, its pitch
    /// envelope kept), at the note's velocity. Its offsets are 0 for the keys with a sound.
    let isDrumKit: Bool
    /// The preset's name, for words said on the audio thread.
    let name: UnsafePointer<CChar>
    /// How exactly its pairs keep their interval; nil as the font tunes it (not calibrated) and for a drum kit.
    var pairs: PairCheck? = nil

    /// FluidSynth's channel for it: 9 is General MIDI's channel 10, the drums.
    var channel: Int32 { isDrumKit ? 9 : 0 }

    static func make(_ preset: PresetNumber, keyOffsets offsets: [Double], pairs: PairCheck? = nil, isDrumKit: Bool = false,
                     name: String) -> UnsafePointer<Timbre> {
        let storage = UnsafeMutablePointer<Double>.allocate(capacity: 128)
        storage.initialize(from: offsets, count: 128)
        let timbre = UnsafeMutablePointer<Timbre>.allocate(capacity: 1)
        timbre.initialize(to: Timbre(bank: Int32(preset.bank), program: Int32(preset.program), keyOffsets: storage, isDrumKit: isDrumKit,
                                     name: UnsafePointer(strdup(name)!), pairs: pairs))
        return UnsafePointer(timbre)
    }

    /// Frees what `make` made: only for a measurement's own timbre, never one the library handed out.
    static func free(_ timbre: UnsafePointer<Timbre>) {
        timbre.pointee.keyOffsets.deallocate()
        Glibc.free(UnsafeMutablePointer(mutating: timbre.pointee.name))
        timbre.deallocate()
    }
}
