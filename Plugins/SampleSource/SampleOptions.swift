import PeachPluginAPI

/// The Sample source's settings. None is live: the files are read when the
/// instance is activated, and the host applies a change by making a new one.
struct SampleOptions {
    var file = ""
    var accentFile = ""
    var gain = 0.7

    func value(of option: SampleOption) -> String {
        switch option {
        case .file: file
        case .accentFile: accentFile
        case .gain: gain == gain.rounded() ? String(Int(gain)) : String(gain)
        }
    }

    /// Sets `option` from its text, or says why not. Whether a file will do is
    /// found out at activate, where it is read.
    mutating func set(_ option: SampleOption, to text: String) throws(OptionError) {
        switch option {
        case .file: file = text
        case .accentFile: accentFile = text
        case .gain:
            guard let value = Double(text), value.isFinite, option.range.contains(value) else {
                throw OptionError("gain must be a number from 0 to 1, not '\(text)'")
            }
            gain = value
        }
    }
}

struct OptionError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}

/// Every option the source offers, in the order `peach sources` lists them.
enum SampleOption: String, CaseIterable {
    case file, accentFile = "accent-file", gain

    var key: String { rawValue }

    var type: Int32 { self == .gain ? PEACH_OPTION_NUMBER : PEACH_OPTION_PATH }

    var range: ClosedRange<Double> { self == .gain ? 0...1 : 0...0 }

    var name: String {
        switch self {
        case .file: "Sample"
        case .accentFile: "Accent sample"
        case .gain: "Gain"
        }
    }

    var description: String {
        switch self {
        case .file:
            "The sound file played at each note (WAV, FLAC, Ogg or AIFF, mono or stereo, up to 10 s), at its own pitch."
        case .accentFile:
            "A second file for the metronome's accent keys (34, 46, 76); without one, an accent key plays the sample 3 dB louder than another key at the same velocity."
        case .gain:
            "Level of the sample at full velocity: 1 plays it as recorded (an accent without its own file 3 dB louder); 0 is silent."
        }
    }

    static func named(_ key: String) -> SampleOption? { SampleOption(rawValue: key) }
}
