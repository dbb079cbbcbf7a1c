import ArgumentParser
import PeachAudio
import PeachHost
import PeachMetronome
import PeachText

/// A metronome as the settings file keeps it, last played or as a preset:
/// the setup, its click, whether it sounds, and the drone under it.
struct SavedMetronome: Codable, Equatable {
    var setup: MetronomeSetup
    var click: String
    var silent: Bool
    /// A sound file of the user's that clicks instead (the Sample source), and one for accents.
    var sample: String?
    var accentSample: String?
    /// The drone's root that sounded with it (`C3`), as `--drone` takes it; its other choices are the drone's own last.
    var drone: String?

    init(setup: MetronomeSetup, click: String, silent: Bool, sample: String? = nil, accentSample: String? = nil) {
        (self.setup, self.click, self.silent, self.sample, self.accentSample) = (setup, click, silent, sample, accentSample)
    }

    /// 100 BPM in 4, woodblock clicks: where a metronome starts with nothing saved.
    static let standard = SavedMetronome(setup: MetronomeSetup(), click: ClickSound.woodblock.name, silent: false)

    /// The click named (a built-in name or GM keys), or a usage error listing the names.
    static func clickSound(named name: String) throws -> ClickSound {
        guard let sound = ClickSound.named(name) else {
            throw ValidationError(localized(.metronomeUnknownClick, name, ClickSound.all.map(\.name).joined(separator: ", ")))
        }
        return sound
    }

    /// The click's keys; `click` is checked when it is set and when it is read back.
    var clickSound: ClickSound { ClickSound.named(click) ?? .woodblock }

    /// The source that plays it: the sample, or `sound`'s `--source`, or the
    /// built-in clicks; `--option`s go to whichever it is (`gain` to the sample too: it was dropped).
    func makeClickSource(from catalog: SourceCatalog, sound: SoundOptions) throws -> SourceInstance {
        let source = try sample != nil ? catalog.makeInstance(of: MetronomeCommand.sampleSourceID)
            : sound.source.map { try catalog.makeInstance(of: $0) } ?? MetronomeCommand.makeClickSource(from: catalog)
        for (key, value) in try sound.optionAssignments(nil) { try source.set(key, to: value) }
        if let sample { try source.set("file", to: sample) }
        if let accentSample { try source.set("accent-file", to: accentSample) }
        return source
    }

    static func memory(_ store: SettingsStore) -> PracticeMemory<SavedMetronome> {
        PracticeMemory(store: store, tool: "metronome", label: localized(.practiceToolMetronome)) { saved in
            try saved.setup.check()
            _ = try clickSound(named: saved.click)
            if let drone = saved.drone { _ = try DroneSetup.note(parsing: drone) }
        }
    }

    /// The options that recreate it, as typed (a point for decimals in any language): what `--presets` shows.
    var commandLine: String {
        var words = [setup.bpm.compact(in: .english), "--beats", "\(setup.beatsPerBar)"]
        if setup.subdivision != 1 { words += ["--subdivision", "\(setup.subdivision)"] }
        if let grouping = setup.grouping { words += ["--group", grouping.map(String.init).joined(separator: "+")] }
        if let accents = setup.accents { words += ["--accents", String(accents.map(\.letter))] }
        if setup.countInBars > 0 { words += ["--count-in", "\(setup.countInBars)"] }
        if let trainer = setup.trainer { words += ["--trainer", trainer.text] }
        if let muted = setup.mutedBars { words += ["--mute", muted.text] }
        if setup.silentBeatChance > 0 { words += ["--drop", (setup.silentBeatChance * 100).compact(in: .english)] + (setup.seed.map { ["--seed", "\($0)"] } ?? []) }
        words += ["--click", click]
        if let sample { words += ["--sample", sample] + (accentSample.map { ["--accent-sample", $0] } ?? []) }
        if silent { words.append("--silent") }
        if let drone { words += ["--drone", drone] }
        return ShellWord.line(words)
    }
}
