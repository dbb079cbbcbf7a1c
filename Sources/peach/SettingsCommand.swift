import ArgumentParser
import FoundationEssentials
import PeachAudio
import PeachHost
import PeachText

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: localized(.helpSettingsAbstract),
        discussion: localized(.helpSettingsDiscussion) + "\n\n" + localized(.helpExamples) + """

              peach settings
              peach settings get reference            \(localized(.helpSettingsExampleGet))
              peach settings set note-duration 0.8
              peach settings set reference 442
              peach settings set range C3-C6
              peach settings set option gain=0.3      \(localized(.helpSettingsExampleOption))
              peach settings reset reference
              peach settings reset                    \(localized(.helpSettingsExampleAll))
            """,
        subcommands: [SettingsListCommand.self, SettingsGetCommand.self, SettingsSetCommand.self, SettingsResetCommand.self],
        defaultSubcommand: SettingsListCommand.self)
}

/// Where the settings are; shared by the settings subcommands.
struct SettingsFileOptions: ParsableArguments {
    /// The key that stands for the current sound's options (`settings set option gain=0.3`).
    static let optionKey = "option"
    /// What a shell completes after `settings get`, `set` and `reset`.
    static let keys = Setting.all.map(\.key) + [optionKey]

    @Option(name: .customLong("settings-file"), help: ArgumentHelp(localized(.helpSettingsFile), valueName: localized(.valueNameFile)))
    var path: String?

    func validate() throws {
        try checkFileName(path, given: "--settings-file")
    }

    func open() throws -> SettingsStore {
        Self.warnOfConflictCopies(try SettingsStore(path: path ?? SettingsStore.defaultPath()))
    }

    /// The standard settings file, read as `peach train` reads it: one that does not read is an error, never a guess.
    static func openStandard() throws -> SettingsStore {
        warnOfConflictCopies(try SettingsStore(path: try SettingsStore.defaultPath()))
    }

    /// Says each copy a sync tool left beside the file, whose changes would otherwise go unseen.
    @discardableResult
    static func warnOfConflictCopies(_ store: SettingsStore) -> SettingsStore {
        for copy in store.conflictCopies { StandardError.warning(localized(.settingsConflictCopy, copy, store.path)) }
        return store
    }

    /// A key that names no setting is the command line's fault: a usage error, before the file is read.
    static func checkKey(_ key: String?) throws {
        guard let key, key != optionKey, Setting.named(key) == nil else { return }
        throw ValidationError(said(SettingsError.unknownKey(key)))
    }

    /// For `set` and `reset`, which may be what mends a value a hand edit broke (see `SettingsStore.init(mending:)`).
    func openToMend() throws -> SettingsStore {
        Self.warnOfConflictCopies(try SettingsStore(mending: path ?? SettingsStore.defaultPath()))
    }
}

struct SettingsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: localized(.helpSettingsListAbstract))

    @OptionGroup var file: SettingsFileOptions

    @Flag(help: ArgumentHelp(localized(.helpSettingsListJSON)))
    var json = false

    func run() throws {
        let store = try file.open()
        if json {
            var values = Dictionary(uniqueKeysWithValues: Setting.all.map { ($0.key, store.value($0)) })
            let source = store.text(.source)
            values[SettingsStore.sourceOptionsKey] = .object([source: .object(Dictionary(uniqueKeysWithValues:
                store.sourceOptions(for: source).map { ($0.key, JSONValue.string($0.value)) }))])
            print(try CommandJSON.line(values))
            return
        }
        print(localized(.settingsListHeading, store.path))
        let width = Setting.all.map(\.key.count).max()! + 2
        for setting in Setting.all {
            let value = setting.display(store.value(setting)) + (store.isSet(setting) ? "" : " " + localized(.settingsDefault))
            print("  \(setting.key.padding(width))\(value.padding(28))\(setting.allowed)")
        }
        let options = store.sourceOptions(for: store.text(.source))
        for option in options { print("  \(SettingsFileOptions.optionKey.padding(width))\(option.key)=\(option.value)") }
        if options.isEmpty { print("  \(SettingsFileOptions.optionKey.padding(width))\(localized(.settingsNoneSaved, store.text(.source)))") }
    }
}

struct SettingsGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "get", abstract: localized(.helpSettingsGetAbstract))

    @Argument(help: ArgumentHelp(localized(.helpSettingsGetKey), valueName: localized(.valueNameKey)), completion: .list(SettingsFileOptions.keys))
    var key: String

    @OptionGroup var file: SettingsFileOptions

    func validate() throws {
        try SettingsFileOptions.checkKey(key)
    }

    func run() throws {
        let store = try file.open()
        if key == SettingsFileOptions.optionKey {
            for option in store.sourceOptions(for: store.text(.source)) { print("\(option.key)=\(option.value)") }
            return
        }
        guard let setting = Setting.named(key) else { throw SettingsError.unknownKey(key) }
        print(setting.plain(store.value(setting)))
    }
}

struct SettingsSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: localized(.helpSettingsSetAbstract),
        discussion: localized(.helpSettingsSetDiscussion, Setting.all.map(\.key).joined(separator: ", ")))

    @Argument(help: ArgumentHelp(localized(.helpSettingsSetKey), valueName: localized(.valueNameKey)), completion: .list(SettingsFileOptions.keys))
    var key: String

    @Argument(help: ArgumentHelp(localized(.helpSettingsSetValue), valueName: localized(.valueNameValue)))
    var value: String

    @OptionGroup var file: SettingsFileOptions
    @OptionGroup var plugins: PluginPathOptions

    /// `settings set pause -1`: the parser reads a positional word starting
    /// with a dash as an option (and reports the value missing), so a negative
    /// number there moves behind a `--`, where it is the value and gets the
    /// setting's own range error. Options around it keep working.
    static func protectingNegativeValue(_ arguments: [String]) -> [String] {
        guard let settings = arguments.firstIndex(of: "settings"), settings + 1 < arguments.count, arguments[settings + 1] == "set",
              !arguments.contains("--") else { return arguments }
        var words = 0
        var index = settings + 2
        while index < arguments.count {
            let word = arguments[index]
            if word.hasPrefix("-"), Double(word) != nil, words == 1 {
                var moved = arguments
                moved.remove(at: index)
                return moved + ["--", word]
            }
            if word.hasPrefix("--") {
                index += word.contains("=") ? 1 : 2  // every option of `settings set` takes a value
                continue
            }
            words += 1
            index += 1
        }
        return arguments
    }

    func validate() throws {
        try SettingsFileOptions.checkKey(key)
    }

    func run() throws {
        let store = try file.openToMend()
        if key == SettingsFileOptions.optionKey {
            try setSourceOption(store)
            return
        }
        guard let setting = Setting.named(key) else { throw SettingsError.unknownKey(key) }
        if setting.key == Setting.source.key {
            try setSound(store)
            return
        }
        let parsed = setting.parse(value)
        try store.set(setting, to: parsed)
        print("\(setting.key) = \(setting.display(parsed))")
    }

    /// `source ID`, or a sound by name (`Timbre.named`: "Flute", "FluidSynth: Flute",
    /// a unique beginning): its source, and its instrument if the name chose one.
    private func setSound(_ store: SettingsStore) throws {
        let catalog = plugins.discoverSources().pitchedOnly  // the saved sound is the one training plays
        let timbre: Timbre
        do {
            let entry = try catalog.entry(for: value)
            timbre = Timbre(sourceID: entry.descriptor.id, sourceName: entry.descriptor.name)
        } catch .unpitched(let id, let pitched) {
            throw SourceLookupError.unpitched(id: id, pitched: pitched)
        } catch .unavailable(let unavailable) {
            throw SourceLookupError.unavailable(unavailable)  // there, but not here and now: say why, not that it has no such name
        } catch .rejected(let rejection) {
            throw SourceLookupError.rejected(rejection)
        } catch {
            timbre = try Timbre.named(value, among: Timbre.all(in: catalog))
        }
        try store.set(.source, to: .string(timbre.sourceID))
        print("\(Setting.source.key) = \(timbre.sourceID)")
        if let choice = timbre.choice {
            try store.setSourceOption(source: timbre.sourceID, key: choice.key, value: choice.value)
            print("\(timbre.sourceID): \(choice.key) = \(choice.value) (\(choice.label))")
        }
    }

    /// `option NAME=VALUE`: checked against the current source's own option, then saved for that source.
    /// A choice may be named by its label ("program=Flute"), as `NameLookup` finds names.
    private func setSourceOption(_ store: SettingsStore) throws {
        var (name, text) = try SourceOption.split(assignment: value)
        let sourceID = store.text(.source)
        let entry = try plugins.discoverSources().entry(for: sourceID)
        guard let option = entry.options.first(where: { $0.key == name }) else {
            throw SourceOptionError.unknownKey(source: sourceID, key: name, known: entry.options.map(\.key))
        }
        text = option.value(spelledAs: text)
        if option.type == .choice, !option.choices.contains(where: { $0.value == text }) {
            text = option.choices[try NameLookup.find(text, what: option.name, among: option.choices.map { ($0.label, [$0.label], [$0.value]) })].value
        }
        try option.validate(text)
        try store.setSourceOption(source: sourceID, key: name, value: text)
        print("\(sourceID): \(name) = \(text)")
    }
}

struct SettingsResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reset", abstract: localized(.helpSettingsResetAbstract))

    @Argument(help: ArgumentHelp(localized(.helpSettingsResetKey), valueName: localized(.valueNameKey)), completion: .list(SettingsFileOptions.keys))
    var key: String?

    @OptionGroup var file: SettingsFileOptions

    func validate() throws {
        try SettingsFileOptions.checkKey(key)
    }

    func run() throws {
        let store = try file.openToMend()
        guard let key else {
            try store.reset(nil)
            print(localized(.settingsAllReset))
            return
        }
        if key == SettingsFileOptions.optionKey {
            try store.resetSourceOptions(for: store.text(.source))
            print(localized(.settingsOptionsReset, store.text(.source)))
            return
        }
        guard let setting = Setting.named(key) else { throw SettingsError.unknownKey(key) }
        try store.reset(setting)
        print("\(setting.key) = \(setting.display(setting.defaultValue)) \(localized(.settingsDefault))")
    }
}
