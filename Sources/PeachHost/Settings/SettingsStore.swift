import FoundationEssentials
import Glibc
import PeachAudio
import PeachFiles
import PeachHistory
import PeachSupport
import PeachText

/// The settings file, `$XDG_CONFIG_HOME/peach/settings.json` (default
/// `~/.config/peach/settings.json`): read whole, checked key by key, and
/// written back atomically with every key it does not know kept as it was.
/// A file Peach cannot read is never overwritten: the error names the line.
public final class SettingsStore {
    public let path: String
    private var document: [String: JSONValue]
    /// Per source id, the options set for it: `{"org.peach.sine": {"gain": "0.3"}}`.
    public static let sourceOptionsKey = "source-options"

    public static func defaultPath(environment: [String: String] = Environment.current) throws(SettingsError) -> String {
        if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") { return configHome + "/peach/settings.json" }
        guard let home = environment["HOME"], !home.isEmpty else { throw .noConfigDirectory }
        return home + "/.config/peach/settings.json"
    }

    /// Reads the file at `path`; a missing file means every setting has its default.
    public init(path: String) throws(SettingsError) {
        self.path = path
        document = try Self.read(path)
    }

    /// Reads the file again, after it changed. If it no longer reads, the values so far stay.
    public func reload() throws(SettingsError) {
        document = try Self.read(path)
    }

    private static func read(_ path: String) throws(SettingsError) -> [String: JSONValue] {
        let bytes: [UInt8]
        do {
            guard let file = try PosixFile.openIfPresent(path) else { return [:] }
            bytes = try file.read()
        } catch {
            throw .cannotRead(path: path, reason: error.description)
        }
        let parsed: JSONReader.Document
        do { parsed = try JSONReader.read(bytes) } catch { throw .malformed(path: path, syntax: error) }
        guard case .object(let document) = parsed.value else { throw .notAnObject(path: path) }
        for setting in Setting.all {
            if let value = document[setting.key], let problem = setting.check(value) {
                throw .invalid(path: path, line: parsed.keyLines[setting.key], key: setting.key, reason: problem)
            }
        }
        if let options = document[sourceOptionsKey], sourceOptions(from: options) == nil {
            throw .invalid(path: path, line: parsed.keyLines[sourceOptionsKey], key: sourceOptionsKey,
                           reason: localized(.settingsBadSourceOptions))
        }
        return document
    }

    public func value(_ setting: Setting) -> JSONValue { document[setting.key] ?? setting.defaultValue }

    /// Whether the file sets it (rather than the default applying).
    public func isSet(_ setting: Setting) -> Bool { document[setting.key] != nil }

    public func number(_ setting: Setting) -> Double {
        if case .number(let number) = value(setting) { return number }
        if case .number(let number) = setting.defaultValue { return number }
        preconditionFailure("\(setting.key) is not a number")
    }

    public func flag(_ setting: Setting) -> Bool {
        if case .bool(let flag) = value(setting) { return flag }
        return setting.defaultValue == .bool(true)
    }

    public func text(_ setting: Setting) -> String {
        if case .string(let text) = value(setting) { return text }
        if case .string(let text) = setting.defaultValue { return text }
        preconditionFailure("\(setting.key) is not text")
    }

    /// Sets one value and saves; a value that does not fit changes nothing.
    public func set(_ setting: Setting, to value: JSONValue) throws(SettingsError) {
        if let problem = setting.check(value) { throw .invalidValue(key: setting.key, reason: problem) }
        // Checked when set, not when read: a synced file may name another machine's device.
        if setting.key == Setting.device.key, case .string(let name) = value, !AudioDevice.exists(name, direction: .output) {
            throw .unknownDevice(name: name, known: AudioDevice.list(.output).map(\.name))
        }
        try update { $0[setting.key] = value }
    }

    /// Back to the default: one setting, or all of them (unknown keys stay).
    public func reset(_ setting: Setting?) throws(SettingsError) {
        try update { document in
            if let setting {
                document.removeValue(forKey: setting.key)
            } else {
                Setting.all.forEach { document.removeValue(forKey: $0.key) }
                document.removeValue(forKey: Self.sourceOptionsKey)
            }
        }
    }

    /// The options saved for a source, as `key=value` pairs in key order.
    public func sourceOptions(for sourceID: String) -> [(key: String, value: String)] {
        let all = document[Self.sourceOptionsKey].flatMap(Self.sourceOptions(from:)) ?? [:]
        return (all[sourceID] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Saves one option for a source; nil removes it. The source checks the value when it is used.
    public func setSourceOption(source sourceID: String, key: String, value: String?) throws(SettingsError) {
        try update { document in
            var all = document[Self.sourceOptionsKey].flatMap(Self.sourceOptions(from:)) ?? [:]
            all[sourceID, default: [:]][key] = value
            if all[sourceID]?.isEmpty == true { all.removeValue(forKey: sourceID) }
            document[Self.sourceOptionsKey] = .object(all.mapValues { .object($0.mapValues(JSONValue.string)) })
        }
    }

    /// Reads the file again under the settings lock, makes the change and
    /// writes it back, so a change another process made since this store read
    /// the file is kept. A file that no longer reads is left as it is. A
    /// symbolic link is written through: the new file replaces its target.
    private func update(_ change: (inout [String: JSONValue]) -> Void) throws(SettingsError) {
        do { try DataDirectory.create(ParentFolder.of( path)) } catch { throw .cannotWrite(path: path, reason: error.description) }
        let lock = try SettingsLock(beside: path)
        var current = try Self.read(path)
        change(&current)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(JSONValue.object(current)) else { throw .cannotWrite(path: path, reason: localized(.settingsCannotEncode)) }
        let target = try SymlinkTarget.resolve(path)
        do {
            try DataDirectory.create(ParentFolder.of( target))
            try AtomicFile.write(Array(data) + [0x0A], to: target)
        } catch {
            throw .cannotWrite(path: path, reason: error.description)
        }
        document = current
        withExtendedLifetime(lock) {}
    }

    private static func sourceOptions(from value: JSONValue) -> [String: [String: String]]? {
        guard case .object(let sources) = value else { return nil }
        var result: [String: [String: String]] = [:]
        for (source, options) in sources {
            guard case .object(let pairs) = options else { return nil }
            var texts: [String: String] = [:]
            for (key, value) in pairs {
                guard case .string(let text) = value else { return nil }
                texts[key] = text
            }
            result[source] = texts
        }
        return result
    }

}

public enum SettingsError: Error, Equatable, CustomStringConvertible {
    case noConfigDirectory
    case cannotRead(path: String, reason: String)
    case malformed(path: String, syntax: JSONSyntaxError)
    case notAnObject(path: String)
    case invalid(path: String, line: Int?, key: String, reason: String)
    case invalidValue(key: String, reason: String)
    case unknownKey(String)
    /// An output device this machine does not have, with the ones it has.
    case unknownDevice(name: String, known: [String])
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .noConfigDirectory: localized(.settingsNoFolder)
        case .cannotRead(let path, let reason): localized(.fileCannotRead, path, reason)
        case .malformed(let path, let syntax): localized(.settingsMalformed, path, syntax.description)
        case .notAnObject(let path): localized(.settingsNotObject, path)
        case .invalid(let path, let line, let key, let reason):
            localized(.settingsInvalid, path, line.map { " \(localized(.jsonLine, $0))" } ?? "", key, reason)
        case .invalidValue(let key, let reason): localized(.settingsInvalidValue, key, reason)
        case .unknownKey(let key): localized(.settingsUnknownKey, key, Setting.all.map(\.key).joined(separator: ", "))
        case .cannotWrite(let path, let reason): localized(.settingsCannotWrite, path, reason)
        case .unknownDevice(let name, let known): localized(.settingsUnknownDevice, name, known.joined(separator: ", "))
        }
    }
}
