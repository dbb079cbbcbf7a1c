import FoundationEssentials
import Glibc
import PeachAudio
import PeachFiles
import PeachHistory
import PeachSupport

/// The settings file, `$XDG_CONFIG_HOME/peach/settings.json` (default
/// `~/.config/peach/settings.json`): read whole, checked key by key, and
/// written back atomically with every key it does not know kept as it was.
/// A file Peach cannot read is never overwritten: the error names the line.
public final class SettingsStore {
    public let path: String
    /// Opened to mend a hand edit: a change is written though other values still do not fit (they are kept as they are).
    private let mending: Bool
    private var document: [String: JSONValue]
    /// The line of each top-level key in the file as last read, for errors found later.
    private var keyLines: [String: Int]
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
        mending = false
        (document, keyLines) = try Self.read(path)
    }

    /// Reads the file for a change that may mend it (`peach settings set`,
    /// `reset`): values that do not fit are no error, since the change may be
    /// the one replacing them, and one at a time mends them all. A file that
    /// is no JSON object cannot be mended here.
    public init(mending path: String) throws(SettingsError) {
        self.path = path
        mending = true
        (document, keyLines) = try Self.readDocument(path)
    }

    /// Copies a sync tool left beside the file (`settings.sync-conflict-….json`):
    /// another machine's changes, which are not read.
    public var conflictCopies: [String] {
        let folder = ParentFolder.of(path), name = String(path.dropFirst(folder.count + 1))
        return SyncConflictCopy.copies(of: name, in: folder).map { folder + "/" + $0 }
    }

    /// Reads the file again, after it changed. If it no longer reads, the values so far stay.
    public func reload() throws(SettingsError) {
        (document, keyLines) = try Self.read(path)
    }

    private static func read(_ path: String) throws(SettingsError) -> (document: [String: JSONValue], keyLines: [String: Int]) {
        let (document, keyLines) = try readDocument(path)
        try check(document, keyLines: keyLines, path: path)
        return (document, keyLines)
    }

    /// Every known value of `document` checked, and the sources' options.
    private static func check(_ document: [String: JSONValue], keyLines: [String: Int], path: String) throws(SettingsError) {
        for setting in Setting.all {
            if let value = document[setting.key], let problem = setting.check(value) {
                throw .invalid(path: path, line: keyLines[setting.key], key: setting.key, reason: problem)
            }
        }
        if let options = document[sourceOptionsKey], sourceOptions(from: options) == nil {
            throw .badSourceOptions(path: path, line: keyLines[sourceOptionsKey], key: sourceOptionsKey)
        }
    }

    /// Far more than settings and every preset take (a few kilobytes).
    public static let sizeLimit = 4 << 20

    /// The file as a JSON object, its values unchecked.
    private static func readDocument(_ path: String) throws(SettingsError) -> (document: [String: JSONValue], keyLines: [String: Int]) {
        let size: Int, bytes: [UInt8]
        do throws(HistoryError) {
            guard let file = try PosixFile.openIfPresent(path, flags: O_RDONLY | PosixFile.regularOnly) else { return ([:], [:]) }
            // A synced or planted gigabyte is refused by its size, not read into memory (1 GiB took 5.6 s and 1 GB).
            size = try file.size()
            bytes = size <= sizeLimit ? try file.read() : []
        } catch {
            throw .cannotRead(path: path, reason: .file(error))
        }
        guard size <= sizeLimit else { throw .tooLarge(path: path, bytes: size, limit: sizeLimit) }
        let parsed: JSONReader.Document
        do { parsed = try JSONReader.read(bytes) } catch { throw .malformed(path: path, syntax: error) }
        guard case .object(let document) = parsed.value else { throw .notAnObject(path: path) }
        return (document, parsed.keyLines)
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
        if let direction = setting.deviceDirection, case .string(let name) = value, !AudioDevice.exists(name, direction: direction) {
            throw .unknownDevice(name: name, direction: direction, known: AudioDevice.list(direction).map(\.name))
        }
        try update { document, _ in document[setting.key] = value }
    }

    /// Back to the default: one setting, or all of them (unknown keys stay).
    public func reset(_ setting: Setting?) throws(SettingsError) {
        try update { document, _ in
            if let setting {
                document.removeValue(forKey: setting.key)
            } else {
                Setting.all.forEach { document.removeValue(forKey: $0.key) }
                document.removeValue(forKey: Self.sourceOptionsKey)
            }
        }
    }

    /// A tool's own section (`"metronome": {…}`), empty where the file has
    /// none. Checked when a tool asks, so a damaged section stops only that
    /// tool, and is kept as it is by every other change.
    public func section(_ name: String) throws(SettingsError) -> [String: JSONValue] {
        try Self.section(name, of: document, path: path, line: keyLines[name])
    }

    /// Changes one key of a tool's section from its value as the file holds it
    /// now, under the settings lock: a list another process added to
    /// meanwhile (a preset saved in another terminal) is what `change` gets,
    /// and keeps. An error `change` throws leaves the file as it is.
    public func updateInSection(_ name: String, key: String, _ change: (JSONValue?) throws -> JSONValue?) throws {
        var refusal: (any Error)?
        try update { document, lines throws(SettingsError) in
            var section = try Self.section(name, of: document, path: path, line: lines[name])
            do { section[key] = try change(section[key]) } catch {
                refusal = error
                return
            }
            document[name] = .object(section)
        }
        if let refusal { throw refusal }
    }

    private static func section(_ name: String, of document: [String: JSONValue], path: String, line: Int?) throws(SettingsError) -> [String: JSONValue] {
        switch document[name] {
        case nil: return [:]
        case .object(let section): return section
        default: throw .notASection(path: path, line: line, key: name)
        }
    }

    /// The options saved for a source, as `key=value` pairs in key order.
    public func sourceOptions(for sourceID: String) -> [(key: String, value: String)] {
        let all = document[Self.sourceOptionsKey].flatMap(Self.sourceOptions(from:)) ?? [:]
        return (all[sourceID] ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Removes the options saved for a source, and any source's that do not read as options (a hand edit):
    /// every other source keeps its own.
    public func resetSourceOptions(for sourceID: String) throws(SettingsError) {
        try update { document, _ in
            guard case .object(var all) = document[Self.sourceOptionsKey] else {
                document.removeValue(forKey: Self.sourceOptionsKey)
                return
            }
            all.removeValue(forKey: sourceID)
            all = all.filter { Self.sourceOptions(from: .object([$0.key: $0.value])) != nil }
            document[Self.sourceOptionsKey] = all.isEmpty ? nil : .object(all)
        }
    }

    /// Saves one option for a source; nil removes it. The source checks the value when it is used.
    public func setSourceOption(source sourceID: String, key: String, value: String?) throws(SettingsError) {
        try update { document, _ in
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
    /// `change` gets the file as read now, and the line of each of its keys for
    /// errors. Opened to mend, values that do not fit are kept as they are
    /// beside the change; otherwise such a file is left as it is.
    private func update(_ change: (inout [String: JSONValue], [String: Int]) throws(SettingsError) -> Void) throws(SettingsError) {
        do { try DataDirectory.create(ParentFolder.of(path)) } catch { throw .cannotWrite(path: path, reason: .file(error)) }
        let lock = try SettingsLock(beside: path)
        var (current, lines) = try mending ? Self.readDocument(path) : Self.read(path)
        let before = current
        try change(&current, lines)
        guard current != before else {
            (document, keyLines) = (current, lines)
            return
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(JSONValue.object(current)) else { throw .cannotWrite(path: path, reason: .cannotEncode) }
        // Never written larger than it is read: the next command would refuse the file.
        guard data.count + 1 <= Self.sizeLimit else { throw .tooLarge(path: path, bytes: data.count + 1, limit: Self.sizeLimit) }
        let target = try SymlinkTarget.resolve(path)
        do {
            // Through a link only into a folder that is there: a dangling link's missing folders are not Peach's to make.
            if target == path { try DataDirectory.create(ParentFolder.of(target)) }
            try AtomicFile.write(Array(data) + [0x0A], to: target)
        } catch {
            throw .cannotWrite(path: path, reason: .file(error))
        }
        (document, keyLines) = (current, lines)
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

/// Why the settings could not be read or changed, as data; `PeachMessages`
/// words it.
public enum SettingsError: Error, Equatable {
    case noConfigDirectory
    case cannotRead(path: String, reason: Reason)
    case malformed(path: String, syntax: JSONSyntaxError)
    case notAnObject(path: String)
    /// Larger than any settings file Peach writes (`SettingsStore.sizeLimit`): not read.
    case tooLarge(path: String, bytes: Int, limit: Int)
    case invalid(path: String, line: Int?, key: String, reason: SettingProblem)
    /// The source options are not an object of objects of strings.
    case badSourceOptions(path: String, line: Int?, key: String)
    /// A tool's section is not an object.
    case notASection(path: String, line: Int?, key: String)
    case invalidValue(key: String, reason: SettingProblem)
    case unknownKey(String)
    /// A device this machine does not have, with the ones it has for that direction.
    case unknownDevice(name: String, direction: AudioDevice.Direction, known: [String])
    case cannotWrite(path: String, reason: Reason)

    /// Why the file could not be read or written.
    public enum Reason: Equatable, Sendable {
        /// The system's words.
        case system(String)
        case file(HistoryError)
        /// The settings would not encode as JSON.
        case cannotEncode
    }
}
