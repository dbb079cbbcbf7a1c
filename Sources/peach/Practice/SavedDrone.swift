import PeachDrone
import PeachHost
import PeachText

/// A drone as the settings file keeps it, last played or as a preset: the
/// setup (with its A4), its timbre, and the metronome over it.
struct SavedDrone: Codable, Equatable {
    var setup: DroneSetup
    var timbre: DroneTimbre
    /// The tempo of the metronome that clicked with it, as `--metronome` takes it; its other choices are the metronome's own last.
    var metronome: Double?

    static func memory(_ store: SettingsStore) -> PracticeMemory<SavedDrone> {
        PracticeMemory(store: store, tool: "drone", label: localized(.practiceToolDrone)) { saved in
            try saved.setup.check()
            if let bpm = saved.metronome { try MetronomeSetup(bpm: bpm).check() }
        }
    }

    /// The options that recreate it, as typed (a point for decimals in any language): what `--presets` shows.
    var commandLine: String {
        var words = [setup.rootName]
        if setup.cents != 0 { words += ["--cents", setup.cents.compact(in: .english)] }
        if setup.fifth { words += ["--fifth", "--tuning", setup.tuning.rawValue] }
        if setup.octave { words.append("--octave") }
        if setup.reference != Pitch.standardReference { words += ["--reference", setup.reference.compact(in: .english)] }
        words += ["--timbre", timbre.rawValue]
        if let metronome { words += ["--metronome", metronome.compact(in: .english)] }
        return ShellWord.line(words)
    }
}
