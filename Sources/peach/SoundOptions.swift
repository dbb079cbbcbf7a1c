import ArgumentParser
import PeachAudio
import PeachHost
import PeachMusic
import PeachText

/// How notes sound and where they go; shared by every command that plays notes.
struct SoundOptions: ParsableArguments {
    // The next word is the value even when it starts with a dash (`--reference -440` is out of range, not missing).
    @Option(parsing: .unconditional, help: ArgumentHelp(localized(.helpReference), valueName: "hz"), transform: NumberArgument.hertz.transform)
    var reference: Double?

    @Option(help: ArgumentHelp(localized(.helpSource), valueName: "id"), completion: PluginPathOptions.sourceCompletion)
    var source: String?

    @Option(name: .customLong("option"),
            help: ArgumentHelp(localized(.helpOption), valueName: localized(.valueNameAssignment)))
    var options: [String] = []

    @OptionGroup var output: OutputOptions

    @OptionGroup var plugins: PluginPathOptions

    mutating func validate() throws {
        // A source by its name (`--source sine`): found once, here, and its id used from then on; an id has dots.
        // Else an instrument by its name (`--source flute`), as `settings set source` takes one: its source, and its choice
        // as the first `--option`, so one given after it wins.
        if let source, !source.contains(".") {
            let catalog = plugins.discoverSources()
            do { self.source = try catalog.entry(named: source).descriptor.id } catch {
                let timbre = Result { () throws(NameLookupError) in try Timbre.named(source, among: Timbre.all(in: catalog.pitchedOnly)) }
                switch timbre {
                case .success(let found):
                    self.source = found.sourceID
                    if let choice = found.choice { options.insert("\(choice.key)=\(choice.value)", at: 0) }
                case .failure(let lookup):
                    if case .ambiguous = lookup { throw ValidationError(said(lookup)) }
                    throw ValidationError(said(error))
                }
            }
        }
        if let reference, !Pitch.referenceRange.contains(reference) {
            throw ValidationError(localized(.soundReferenceOutside, reference.compact, Pitch.referenceRange.lowerBound.compact,
                                            Pitch.referenceRange.upperBound.compact))
        }
    }

    /// A4 in Hz: the flag, else the saved setting, else 440. Every command that
    /// plays or names pitches passes the settings it read; nil (flags only) is
    /// `peach train --headless`'s.
    func reference(_ settings: SettingsStore?) -> Double {
        reference ?? settings?.number(.reference) ?? Pitch.standardReference
    }

    func sourceID(_ settings: SettingsStore?) -> String {
        source ?? settings?.text(.source) ?? SourceCatalog.defaultSourceID
    }

    /// The chosen source with its saved options (if `settings` are used), then the `--option` values, set.
    func makeSource(from catalog: SourceCatalog, settings: SettingsStore?) throws -> SourceInstance {
        let id = sourceID(settings)
        let instance = try catalog.makeInstance(of: id)
        for (key, value) in try optionAssignments(settings) { try instance.set(key, to: value) }
        return instance
    }

    /// As `makeSource(from:settings:)`, but the saved sound (no `--source`
    /// given) that cannot play, a plugin removed or a font moved, gives way to
    /// the sine, with why: training and `play` go on rather than stop. The
    /// setting is kept until the user picks another. Only what was saved gives
    /// way: an `--option` of the user's that the sound (or the sine standing
    /// in) refuses is an error, as it is with `--source`.
    func makeSourceOrSine(from catalog: SourceCatalog, settings: SettingsStore) throws -> (source: SourceInstance, standIn: String?) {
        guard source == nil, settings.isSet(.source) else { return (try makeSource(from: catalog, settings: settings), nil) }
        let id = settings.text(.source)
        var made: (source: SourceInstance, standIn: String?)
        do {
            let saved = try catalog.makeInstance(of: id)
            for (key, value) in settings.sourceOptions(for: id) { try saved.set(key, to: value) }
            made = (saved, nil)
        } catch {
            made = (try catalog.makeInstance(of: SourceCatalog.defaultSourceID), localized(.appSavedSoundGone, id, said(error)))
        }
        for (key, value) in try givenAssignments() { try made.source.set(key, to: value) }
        return made
    }

    /// The saved options of the chosen source (if `settings` are used), then the `--option KEY=VALUE` values, split.
    func optionAssignments(_ settings: SettingsStore?) throws -> [(key: String, value: String)] {
        let saved = settings?.sourceOptions(for: sourceID(settings)) ?? []
        return try saved + givenAssignments()
    }

    /// The `--option KEY=VALUE` values alone, split.
    private func givenAssignments() throws -> [(key: String, value: String)] {
        try options.map { assignment in try SourceOption.split(assignment: assignment) }
    }
}
