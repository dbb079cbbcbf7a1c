import PeachPluginAPI

/// The settings of the library's sources (each offers those of
/// `FluidSourceKind.options`). Bank, program and kit are live (the host
/// changes the instrument between pairs without a new instance); the rest
/// apply when the instance is next activated.
struct FluidOptions {
    var font = FontSearch.defaultSetting
    var preset = PresetNumber(bank: 0, program: 0)
    /// The drum kit's program in bank 128; nil for the font's first.
    var kit: Int?
    var gain = 1.0
    var releaseMilliseconds = 500.0
    var calibrated = true
    var reverb = false
    var chorus = false

    func value(of option: FluidOption) -> String {
        switch option {
        case .font: font
        case .bank: String(preset.bank)
        case .program: String(preset.program)
        case .kit: kit.map { String($0) } ?? ""
        case .gain: Self.text(gain)
        case .releaseMilliseconds: Self.text(releaseMilliseconds)
        case .tuning: calibrated ? "calibrated" : "font"
        case .reverb: String(reverb)
        case .chorus: String(chorus)
        }
    }

    /// Sets `option` from its text, or says why not. Checks only the value
    /// itself; whether the font has the preset is the instance's business.
    mutating func set(_ option: FluidOption, to text: String) throws(OptionError) {
        switch option {
        case .font:
            guard !text.isEmpty else { throw OptionError("font needs a SoundFont's path or file name") }
            font = text
        case .bank: preset.bank = Int(try option.number(text))
        case .program: preset.program = Int(try option.number(text))
        case .kit: kit = Int(try option.number(text))
        case .gain: gain = try option.number(text)
        case .releaseMilliseconds: releaseMilliseconds = try option.number(text)
        case .tuning:
            guard text == "calibrated" || text == "font" else { throw OptionError("tuning must be calibrated or font, not '\(text)'") }
            calibrated = text == "calibrated"
        case .reverb: reverb = try option.flag(text)
        case .chorus: chorus = try option.flag(text)
        }
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

struct OptionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Every option of the library's sources.
enum FluidOption: String {
    case font, bank, program, kit, gain, releaseMilliseconds = "release-ms", tuning, reverb, chorus

    var key: String { rawValue }

    var type: Int32 {
        switch self {
        case .font: PEACH_OPTION_PATH
        case .bank: PEACH_OPTION_INT
        case .program, .kit, .tuning: PEACH_OPTION_CHOICE
        case .gain, .releaseMilliseconds: PEACH_OPTION_NUMBER
        case .reverb, .chorus: PEACH_OPTION_BOOL
        }
    }

    var flags: UInt32 {
        switch self {
        case .program, .kit: PEACH_OPTION_FLAG_TIMBRE | PEACH_OPTION_FLAG_LIVE
        case .bank: PEACH_OPTION_FLAG_LIVE
        default: 0
        }
    }

    var isLive: Bool { flags & PEACH_OPTION_FLAG_LIVE != 0 }

    var range: ClosedRange<Double> {
        switch self {
        case .bank: 0...16383
        case .program, .kit: 0...127
        case .gain: 0...2
        case .releaseMilliseconds: 10...10000
        default: 0...0
        }
    }

    /// Value and label of each choice; a kit's are the font's (`FluidInstance` lists them).
    var choices: [(value: String, label: String)] {
        switch self {
        case .program: GeneralMIDI.programNames.enumerated().map { (String($0.offset), $0.element) }
        case .tuning: [("calibrated", "Calibrated: every note at its exact pitch"), ("font", "As the SoundFont tunes its samples")]
        default: []
        }
    }

    var name: String {
        switch self {
        case .font: "SoundFont"
        case .bank: "Bank"
        case .program: "Instrument"
        case .kit: "Drum kit"
        case .gain: "Gain"
        case .releaseMilliseconds: "Longest release"
        case .tuning: "Tuning"
        case .reverb: "Reverb"
        case .chorus: "Chorus"
        }
    }

    var unit: String { self == .releaseMilliseconds ? "ms" : "" }

    var description: String {
        switch self {
        case .font:
            "The SoundFont (.sf2 or .sf3): a path, or a file name looked for in $XDG_DATA_HOME/soundfonts (~/.local/share/soundfonts), /usr/share/soundfonts, "
                + "/usr/share/sounds/sf2 and /usr/share/sounds/sf3. Default: $PEACH_SOUNDFONT, else TimGM6mb.sf2."
        case .bank:
            "The preset bank: 0 holds the General MIDI instruments; larger fonts keep variations in other banks."
        case .program:
            "The instrument, by General MIDI program. Sustained ones (organs, flutes, strings, leads) show pitch best."
        case .kit:
            "The drum kit: a preset of the SoundFont's bank 128, where General MIDI fonts keep their percussion. Default: the font's first."
        case .gain:
            "Loudness: 1 plays a General MIDI font at about the level of the Sine source; 0 is silent."
        case .releaseMilliseconds:
            "A longer SoundFont release is faded out within this time, so that a note does not ring on under the next."
        case .tuning:
            "calibrated: each key's pitch is measured once (and cached) and corrected, so every note sounds as asked; "
                + "font: the samples' own tuning, often several cents off."
        case .reverb:
            "Add FluidSynth's reverb. Off by default: it blurs pitch."
        case .chorus:
            "Add FluidSynth's chorus. Off by default: it detunes copies of the note."
        }
    }

    func number(_ text: String) throws(OptionError) -> Double {
        guard let value = Double(text), value.isFinite, range.contains(value), type != PEACH_OPTION_INT && type != PEACH_OPTION_CHOICE || value == value.rounded() else {
            let kind = type == PEACH_OPTION_NUMBER ? "a number" : "a whole number"
            throw OptionError("\(key) must be \(kind) from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not '\(text)'")
        }
        return value
    }

    func flag(_ text: String) throws(OptionError) -> Bool {
        guard text == "true" || text == "false" else { throw OptionError("\(key) must be true or false, not '\(text)'") }
        return text == "true"
    }
}
