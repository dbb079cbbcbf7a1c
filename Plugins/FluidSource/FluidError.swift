/// Why the source cannot play: FluidSynth missing, or a font or preset that
/// will not do. Each sentence names the file, name or preset concerned.
enum FluidError: Error, Equatable, CustomStringConvertible {
    case fluidSynthUnavailable(reason: String)
    case notFound(name: String, folders: [String])
    case missing(path: String)
    case unreadable(path: String, reason: String)
    case notAFile(path: String)
    case notASoundFont(path: String)
    case truncated(path: String, declared: Int, actual: Int)
    case damaged(path: String, reason: String)
    case rejectedByFluidSynth(path: String, reason: String)
    case noPreset(font: String, bank: Int, program: Int)
    case noPitch(font: String, preset: String)
    case noDrumKit(font: String)
    case silentKit(font: String, kit: String)

    var description: String {
        switch self {
        case .fluidSynthUnavailable(let reason):
            reason
        case .notFound(let name, let folders):
            "no SoundFont named \(name) in \(folders.joined(separator: ", ")); give its path, or set PEACH_SOUNDFONT"
        case .missing(let path):
            "the SoundFont \(path) does not exist"
        case .unreadable(let path, let reason):
            "cannot read the SoundFont \(path): \(reason)"
        case .notAFile(let path):
            "\(path) is not a file, so not a SoundFont"
        case .notASoundFont(let path):
            "\(path) is not a SoundFont (.sf2/.sf3): it does not begin with a RIFF 'sfbk' header"
        case .truncated(let path, let declared, let actual):
            "the SoundFont \(path) is cut short: its header promises \(declared) bytes, the file has \(actual)"
        case .damaged(let path, let reason):
            "the SoundFont \(path) is damaged: \(reason)"
        case .rejectedByFluidSynth(let path, let reason):
            "FluidSynth could not load the SoundFont \(path)" + (reason.isEmpty ? "" : ": \(reason)")
        case .noPreset(let font, let bank, let program):
            "the SoundFont \(font) has no preset at bank \(bank), program \(program)"
                + (bank == 0 ? " (\(GeneralMIDI.programNames[program]))" : "")
        case .noPitch(let font, let preset):
            "\(preset) in the SoundFont \(font) has no key with a pitch Peach can measure and correct: it is silent, unpitched "
                + "(a drum, a sound effect) or dies away within half a second"
        case .noDrumKit(let font):
            "the SoundFont \(font) has no drum kit (bank \(DrumKit.bank))"
        case .silentKit(let font, let kit):
            "the drum kit \(kit) in the SoundFont \(font) has no key with a sound"
        }
    }
}
