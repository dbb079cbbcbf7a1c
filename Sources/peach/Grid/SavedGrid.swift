import PeachHost
import PeachText

/// The grid as the settings file keeps it between sessions (`"grid": {"last": …}`):
/// the root and scale, the sound, and the menu's switches.
struct SavedGrid: Codable, Equatable {
    var root: String
    var scale: String
    var sound: PhraseSound?
    var sustain: Bool
    var names: Bool
    var keySize: KeySize
    var metronome: Bool
    var tempo: Double

    static let standard = SavedGrid(root: "A", scale: Scale.chromatic.name, sound: nil, sustain: false, names: true, keySize: .medium,
                                    metronome: false, tempo: 80)

    static func memory(_ store: SettingsStore) -> PracticeMemory<SavedGrid> {
        PracticeMemory(store: store, tool: "grid", label: localized(.practiceToolGrid)) { saved in try saved.check() }
    }

    /// A hand-edited or synced entry is checked as the options are (its scale is looked up when used).
    func check() throws {
        _ = try PitchClass(parsing: root)
        try MetronomeSetup(bpm: tempo).check()
    }
}
