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
    /// Whether its A4 is the `reference` setting's, whatever that is when it
    /// plays again (A4 is its own only where it was set apart from the
    /// setting, as the tuner keeps it). Nil in an entry written before this
    /// was kept, when a drone's A4 was 440 unless `--reference` said otherwise.
    var followsReferenceSetting: Bool?

    static func memory(_ store: SettingsStore) -> PracticeMemory<SavedDrone> {
        let setting = store.number(.reference)
        var memory = PracticeMemory<SavedDrone>(store: store, tool: "drone", label: localized(.practiceToolDrone)) { saved in
            try saved.setup.check()
            if let bpm = saved.metronome { try MetronomeSetup(bpm: bpm).check() }
        }
        memory.storing = { saved in
            var stored = saved
            stored.followsReferenceSetting = saved.setup.reference == setting
            return stored
        }
        memory.reading = { saved in
            var read = saved
            read.followsReferenceSetting = saved.followsSetting
            if read.followsSetting { read.setup.reference = setting }
            return read
        }
        return memory
    }

    /// Whether A4 follows the setting, an entry from before it was kept included (its 440 was the setting's).
    private var followsSetting: Bool { followsReferenceSetting ?? (setup.reference == Pitch.standardReference) }

    /// The options that recreate it, as typed (a point for decimals in any language): what `--presets` shows.
    var commandLine: String {
        var words = [setup.rootName]
        if setup.cents != 0 { words += ["--cents", setup.cents.compact(in: .english)] }
        if setup.fifth { words += ["--fifth", "--tuning", setup.tuning.rawValue] }
        if setup.octave { words.append("--octave") }
        if !followsSetting {
            words += ["--reference", setup.reference.compact(in: .english)]
        }
        words += ["--timbre", timbre.rawValue]
        if let metronome { words += ["--metronome", metronome.compact(in: .english)] }
        return ShellWord.line(words)
    }
}
