import PeachHost
import PeachText

/// The tuner as the settings file keeps it, last used live or as a preset
/// (one per instrument, say): its transposition, temperament, tolerance, the
/// notes it listens between, and A4 when the tuner was set apart from the
/// `reference` setting.
struct SavedTuner: Codable, Equatable {
    var transposition: Int
    var temperament: TemperamentChoice?
    var tolerance: Double
    var lowest: String?
    var highest: String?
    var reference: Double?

    static let standard = SavedTuner(transposition: 0, tolerance: TunerSetup.defaultTolerance)

    static func memory(_ store: SettingsStore) -> PracticeMemory<SavedTuner> {
        PracticeMemory(store: store, tool: "tuner", label: localized(.practiceToolTuner)) { saved in try saved.check() }
    }

    /// A hand-edited or synced entry is checked as the options are.
    func check() throws {
        guard Transposition.semitoneRange.contains(transposition) else {
            throw TranspositionParseError.outside(String(transposition), allowed: Transposition.semitoneRange)
        }
        guard TunerSetup.toleranceRange.contains(tolerance) else {
            throw Failure(localized(.tunerToleranceOutside, tolerance.compact, TunerSetup.toleranceRange.lowerBound.compact,
                                    TunerSetup.toleranceRange.upperBound.compact))
        }
        for note in [lowest, highest].compactMap({ $0 }) { _ = try MIDINote(parsing: note) }
        if let reference, !Pitch.referenceRange.contains(reference) {
            throw Failure(localized(.soundReferenceOutside, reference.compact, Pitch.referenceRange.lowerBound.compact,
                                    Pitch.referenceRange.upperBound.compact))
        }
    }

    /// What a live session ended with: the keys change A4 and the transposition. A4 is kept only where it differs from the setting.
    func keeping(_ setup: TunerSetup, settingReference: Double) -> SavedTuner {
        var kept = self
        kept.transposition = setup.transposition.semitones
        kept.reference = setup.reference == settingReference ? nil : setup.reference
        return kept
    }

    /// The options that recreate it, as typed: what `--presets` shows.
    var commandLine: String {
        var words = ["--transpose", (transposition > 0 ? "+" : "") + String(transposition), "--tolerance", tolerance.compact(in: .english)]
        if let temperament { words += temperament.words }
        if let lowest { words += ["--lowest", lowest] }
        if let highest { words += ["--highest", highest] }
        if let reference { words += ["--reference", reference.compact(in: .english)] }
        return ShellWord.line(words)
    }
}
