import ArgumentParser
import PeachHost
import PeachText

/// Presets and the last setup, shared by the drone and the metronome: which
/// setup a run starts from, and what it saves.
struct PresetOptions: ParsableArguments {
    @Option(help: ArgumentHelp(localized(.helpPreset), valueName: "name"))
    var preset: String?

    @Option(help: ArgumentHelp(localized(.helpPresetSave), valueName: "name"))
    var save: String?

    @Flag(help: ArgumentHelp(localized(.helpPresetReplace)))
    var replace = false

    @Flag(help: ArgumentHelp(localized(.helpPresetList)))
    var presets = false

    @Option(help: ArgumentHelp(localized(.helpPresetForget), valueName: "name"))
    var forget: String?

    @Flag(help: ArgumentHelp(localized(.helpPresetFresh)))
    var fresh = false

    func validate() throws {
        if let save { try checked { try PracticeMemory<Int>.checkName(save) } }
        if replace && save == nil { throw ValidationError(localized(.presetReplaceNeedsSave)) }
        if presets && forget != nil { throw ValidationError(localized(.presetListOrForget)) }
        // Listing and forgetting play nothing, so there is no setup to save.
        if save != nil && onlyManages { throw ValidationError(localized(.presetSaveNeedsPlaying)) }
    }

    /// The settings file where the run keeps setups in it: live (the last setup)
    /// or for a preset. A render for a script neither starts from nor saves a setup;
    /// it still takes A4 from the settings where no flag gives it, as every run does.
    func settings(live: Bool) throws -> SettingsStore? {
        live || preset != nil || save != nil || onlyManages ? try SettingsFileOptions.openStandard() : nil
    }

    /// `--presets` or `--forget`: the run only lists or removes, and plays nothing.
    var onlyManages: Bool { presets || forget != nil }

    /// The setup a run starts from: the preset named, else (live, unless
    /// `--fresh`) the last one played live, else nil for the defaults.
    func base<Saved>(_ memory: PracticeMemory<Saved>, live: Bool) throws -> Saved? {
        if let preset { return try memory.preset(preset) }
        return live && !fresh ? try memory.last() : nil
    }

    /// Lists or removes presets for `--presets` and `--forget`, printing what
    /// was done; with `json`, the list as JSON (what was forgotten is said on
    /// standard error).
    func manage<Saved>(_ memory: PracticeMemory<Saved>, json: Bool, commandLine: (Saved) -> String) throws {
        if let forget {
            let said = localized(.presetForgotten, try memory.forget(forget), memory.label)
            json ? StandardError.write(said + "\n") : print(said)
            return
        }
        let (all, problems) = try memory.all()
        for problem in problems { StandardError.warning(problem) }
        if json {
            return print(try CommandJSON.pretty(all.map { ListedPreset(name: $0.name, options: commandLine($0.saved)) }))
        }
        if all.isEmpty && problems.isEmpty { print(localized(.presetList, memory.label)) }
        let width = all.map(\.name.count).max() ?? 0
        for (name, saved) in all { print("\(name.padding(width))  peach \(memory.tool) --preset \(ShellWord.quoted(name))  = \(commandLine(saved))") }
    }

    /// Saves the setup under `--save`'s name, if given.
    func saveIfAsked<Saved>(_ saved: Saved, in memory: PracticeMemory<Saved>) throws {
        guard let save else { return }
        try memory.save(saved, as: save, replacing: replace)
        // On standard error: standard output may be the run's JSON.
        StandardError.write(localized(.presetSaved, save, memory.label) + "\n")
    }
}

/// One preset in `--presets --json`: its name and the options that recreate it.
private struct ListedPreset: Encodable {
    var name: String
    var options: String
}
