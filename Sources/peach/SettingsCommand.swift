import ArgumentParser
import FoundationEssentials
import PeachHost

struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "List, set and reset your settings.",
        discussion: """
            Settings live in $XDG_CONFIG_HOME/peach/settings.json (default \
            ~/.config/peach/settings.json) and apply to `peach` and `peach train`; a \
            flag such as --duration wins for that run. `peach train --headless` uses its \
            flags only, so scripts behave the same everywhere. A change made while \
            training applies from the next pair.

            Examples:
              peach settings
              peach settings set note-duration 0.8
              peach settings set reference 442
              peach settings set range C3-C6
              peach settings set option gain=0.3     (an option of the current sound)
              peach settings reset reference
              peach settings reset                    (everything)
            """,
        subcommands: [SettingsListCommand.self, SettingsSetCommand.self, SettingsResetCommand.self],
        defaultSubcommand: SettingsListCommand.self)
}

/// Where the settings are; shared by the settings subcommands.
struct SettingsFileOptions: ParsableArguments {
    @Option(name: .customLong("settings-file"), help: ArgumentHelp("Use this settings file instead of the standard one.", valueName: "file"))
    var path: String?

    func open() throws -> SettingsStore {
        try SettingsStore(path: path ?? SettingsStore.defaultPath())
    }
}

struct SettingsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show every setting: its value, what it may be, and whether it is the default.")

    @OptionGroup var file: SettingsFileOptions

    @Flag(help: "Print JSON for other programs: every key with its value.")
    var json = false

    func run() throws {
        let store = try file.open()
        if json {
            var values = Dictionary(uniqueKeysWithValues: Setting.all.map { ($0.key, store.value($0)) })
            let source = store.text(.source)
            values[SettingsStore.sourceOptionsKey] = .object([source: .object(Dictionary(uniqueKeysWithValues:
                store.sourceOptions(for: source).map { ($0.key, JSONValue.string($0.value)) }))])
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(values), as: UTF8.self))
            return
        }
        print("Settings in \(store.path):")
        let width = Setting.all.map(\.key.count).max()! + 2
        for setting in Setting.all {
            let value = setting.display(store.value(setting)) + (store.isSet(setting) ? "" : " (default)")
            print("  \(setting.key.padding(width))\(value.padding(28))\(setting.allowed)")
        }
        let options = store.sourceOptions(for: store.text(.source))
        for option in options { print("  \("option".padding(width))\(option.key)=\(option.value)") }
        if options.isEmpty { print("  \("option".padding(width))none saved for \(store.text(.source))") }
    }
}

struct SettingsSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change one setting; it is checked first and saved only if it fits.",
        discussion: "KEY is one of: \(Setting.all.map(\.key).joined(separator: ", ")), or option (VALUE is then NAME=VALUE for the current sound source).")

    @Argument(help: "The setting's key, as `peach settings` lists it.")
    var key: String

    @Argument(help: "The new value, in the setting's unit (seconds, Hz), or on/off.")
    var value: String

    @OptionGroup var file: SettingsFileOptions
    @OptionGroup var plugins: PluginPathOptions

    func run() throws {
        let store = try file.open()
        if key == "option" {
            try setSourceOption(store)
            return
        }
        guard let setting = Setting.named(key) else { throw SettingsError.unknownKey(key) }
        let parsed = setting.parse(value)
        if setting.key == Setting.source.key { _ = try plugins.discoverSources().entry(for: value) }
        try store.set(setting, to: parsed)
        print("\(setting.key) = \(setting.display(parsed))")
    }

    /// `option NAME=VALUE`: checked against the current source's own option, then saved for that source.
    private func setSourceOption(_ store: SettingsStore) throws {
        guard let equals = value.firstIndex(of: "="), equals != value.startIndex else {
            throw Failure(SourceOptionError.malformedAssignment(value).description)
        }
        let name = String(value[..<equals]), text = String(value[value.index(after: equals)...])
        let sourceID = store.text(.source)
        let entry = try plugins.discoverSources().entry(for: sourceID)
        guard let option = entry.options.first(where: { $0.key == name }) else {
            throw SourceOptionError.unknownKey(source: sourceID, key: name, known: entry.options.map(\.key))
        }
        try option.validate(text)
        try store.setSourceOption(source: sourceID, key: name, value: text)
        print("\(sourceID): \(name) = \(text)")
    }
}

struct SettingsResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reset", abstract: "Put one setting, or all of them, back to the default.")

    @Argument(help: "The setting's key; without it, every setting (keys Peach does not know are kept).")
    var key: String?

    @OptionGroup var file: SettingsFileOptions

    func run() throws {
        let store = try file.open()
        guard let key else {
            try store.reset(nil)
            print("Every setting is back to its default.")
            return
        }
        if key == "option" {
            for option in store.sourceOptions(for: store.text(.source)) {
                try store.setSourceOption(source: store.text(.source), key: option.key, value: nil)
            }
            print("The options of \(store.text(.source)) are back to their defaults.")
            return
        }
        guard let setting = Setting.named(key) else { throw SettingsError.unknownKey(key) }
        try store.reset(setting)
        print("\(setting.key) = \(setting.display(setting.defaultValue)) (default)")
    }
}
