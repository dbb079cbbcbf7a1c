import PeachMidiOutCore
import PeachPluginAPI

/// The options of this library's sources; each source lists those it takes
/// (`MidiOutSource.options`). None is live: the host applies a change by
/// making a new instance.
enum MidiOutOption: String {
    case destination
    case tuning
    case bendRange = "bend-range"
    case channels
    case instrumentA4 = "instrument-a4"
    /// The drums' one channel.
    case channel

    /// What an instance is set to.
    struct Values {
        var destination = DestinationChoice.none
        var settings = MidiOutSettings()
        var channel = DrumNoteTranslator.generalMIDIChannel
    }

    var key: String { rawValue }

    var type: Int32 {
        switch self {
        case .destination, .tuning: PEACH_OPTION_CHOICE
        case .bendRange, .channels, .channel: PEACH_OPTION_INT
        case .instrumentA4: PEACH_OPTION_NUMBER
        }
    }

    var name: String {
        switch self {
        case .destination: "Destination"
        case .tuning: "Tuning method"
        case .bendRange: "Pitch-bend range"
        case .channels: "Channels"
        case .instrumentA4: "Instrument's A4"
        case .channel: "Channel"
        }
    }

    var unit: String {
        switch self {
        case .bendRange: "semitones"
        case .instrumentA4: "Hz"
        default: ""
        }
    }

    var range: ClosedRange<Double>? {
        switch self {
        case .bendRange: Double(MidiOutSettings.bendRanges.lowerBound)...Double(MidiOutSettings.bendRanges.upperBound)
        case .channels: Double(MidiOutSettings.channelCounts.lowerBound)...Double(MidiOutSettings.channelCounts.upperBound)
        case .instrumentA4: MidiOutSettings.instrumentA4s
        case .channel: Double(DrumNoteTranslator.channels.lowerBound)...Double(DrumNoteTranslator.channels.upperBound)
        default: nil
        }
    }

    var description: String {
        switch self {
        case .destination:
            "Where the notes go: an input port by its client:port numbers, or a client by name (its first port); none leaves Peach's port for you to connect."
        case .tuning:
            "pitch-bend (any instrument: nearest key plus a bend per channel) or mts (MIDI Tuning Standard single-note tuning, for instruments that support it)."
        case .bendRange:
            "The bend range Peach sets with RPN 0; match your instrument's if it ignores RPN. At 2, one bend step is 0.024 cent."
        case .channels:
            "How many MIDI channels notes take turns on, skipping channel 10; 1 for an instrument that listens on channel 1 only."
        case .instrumentA4:
            "The frequency your instrument plays for A4 (its master tuning), so that Peach's pitches come out exact."
        case .channel:
            "The MIDI channel the drums listen on: 10 in General MIDI; many drum machines let you choose another."
        }
    }

    /// Every value the option accepts, for CHOICE options.
    func choices(destinations: [SequencerDestination]) -> [(value: String, label: String)] {
        switch self {
        case .destination:
            DestinationChoice.choices(for: destinations)
        case .tuning:
            [(MidiOutSettings.Tuning.pitchBend.rawValue, "Pitch bend (nearest key plus a bend)"),
             (MidiOutSettings.Tuning.mts.rawValue, "MIDI Tuning Standard (single-note tuning changes)")]
        default:
            []
        }
    }

    func value(in values: Values) -> String {
        switch self {
        case .destination: values.destination
        case .tuning: values.settings.tuning.rawValue
        case .bendRange: String(values.settings.bendRange)
        case .channels: String(values.settings.channelCount)
        case .instrumentA4: Self.format(values.settings.instrumentA4)
        case .channel: String(values.channel)
        }
    }

    /// Sets the option from text, or says why not.
    func set(_ text: String, in values: inout Values, destinations: [SequencerDestination]) -> String? {
        switch self {
        case .destination, .tuning:
            guard choices(destinations: destinations).contains(where: { $0.value == text }) else {
                return "'\(text)' is not one of: " + choices(destinations: destinations).map(\.value).joined(separator: ", ")
            }
            if self == .destination { values.destination = text } else { values.settings.tuning = .init(rawValue: text)! }
        case .bendRange, .channels, .channel:
            guard let number = Int(text), range!.contains(Double(number)) else { return "must be a whole number in \(Self.format(range!))" }
            switch self {
            case .bendRange: values.settings.bendRange = number
            case .channels: values.settings.channelCount = number
            default: values.channel = number
            }
        case .instrumentA4:
            guard let number = Double(text), range!.contains(number) else { return "must be a number in \(Self.format(range!)) Hz" }
            values.settings.instrumentA4 = number
        }
        return nil
    }

    private static func format(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }

    private static func format(_ range: ClosedRange<Double>) -> String {
        "\(format(range.lowerBound))...\(format(range.upperBound))"
    }
}
