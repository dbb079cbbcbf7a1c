import PeachHost

/// What the tuner reads against, and how it says it: A4, the transposition,
/// the temperament, how close counts as in tune, the drone if one sounds.
struct TunerSetup {
    var reference: Double
    var transposition: Transposition
    var temperament: TemperamentChoice?
    var tolerance: Double
    var drone: DroneSetup?

    /// How close counts as in tune by default: ±3 cents, about the smallest
    /// mistuning a trained ear hears in a held note.
    static let defaultTolerance = 3.0
    static let toleranceRange = 0.5...25.0

    func tuned(_ reading: PitchReading) -> TunedReading {
        TunedReading(reading, reference: reference, transposition: transposition, temperament: temperament?.temperament, drone: drone)
    }

    /// The `t` key's order: concert, B♭, E♭, F, then concert again.
    var nextTransposition: Transposition {
        let cycle = [0, 2, 9, 7]
        let index = cycle.firstIndex(of: transposition.semitones).map { ($0 + 1) % cycle.count } ?? 0
        return Transposition(semitones: cycle[index])
    }

    /// How notes are named: the transposition and, if not equal, the temperament ("B♭ instrument, Werckmeister III on C").
    var namingLabel: String {
        [transpositionLabel, temperament?.label].compactMap { $0 }.joined(separator: ", ")
    }

    /// "concert pitch", "B♭ instrument", or "+14 semitones".
    private var transpositionLabel: String {
        switch transposition.semitones {
        case 0: localized(.tunerConcertPitch)
        case 2: localized(.tunerInstrumentIn, "B♭")
        case 3: localized(.tunerInstrumentIn, "A")
        case 7: localized(.tunerInstrumentIn, "F")
        case 9: localized(.tunerInstrumentIn, "E♭")
        case let semitones: localized(.tunerTransposedBy, (semitones > 0 ? "+" : "") + String(semitones))
        }
    }

    /// `+3.2` or `-0.4`: cents to a tenth, always signed so flat and sharp read apart.
    static func signed(_ cents: Double) -> String {
        let text = cents.decimals(1)
        return text.hasPrefix("-") ? text : "+" + text
    }

    /// "a fifth", "an octave and a major third": the interval above the drone.
    static func intervalName(_ semitones: Int) -> String {
        let keys: [TextKey] = [.intervalUnison, .intervalMinorSecond, .intervalMajorSecond, .intervalMinorThird, .intervalMajorThird,
                               .intervalFourth, .intervalTritone, .intervalFifth, .intervalMinorSixth, .intervalMajorSixth,
                               .intervalMinorSeventh, .intervalMajorSeventh]
        let within = ((semitones % 12) + 12) % 12, octaves = (semitones - within) / 12
        if semitones == 12 { return localized(.intervalOctave) }
        let name = localized(keys[within])
        switch octaves {
        case 0: return name
        case let octaves where octaves > 0: return localized(.intervalOctavesUp, name, octaves)
        default: return localized(.intervalOctavesDown, name, -octaves)
        }
    }

    /// One line for a screen reader: "B4, 3.2 cents sharp".
    func spoken(note: MIDINote, cents: Double, verdict: TunedReading.Verdict) -> String {
        switch verdict {
        case .inTune: localized(.tunerPlainInTune, note.name, abs(cents).decimals(1))
        case .flat: localized(.tunerPlainFlat, note.name, abs(cents).decimals(1))
        case .sharp: localized(.tunerPlainSharp, note.name, abs(cents).decimals(1))
        }
    }
}
