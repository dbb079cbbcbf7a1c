import PeachHost
import PeachSettings
import PeachText

/// A practice tool's section of the settings file (`"metronome": {…}`):
/// the last setup played live, and presets saved under names. Entries are
/// the setup as `--json` prints it, checked by the tool when read back; a
/// damaged one is named, never replaced unasked.
struct PracticeMemory<Saved: Codable & Equatable> {
    let store: SettingsStore
    /// The section's key, which is the tool's command name.
    let tool: String
    /// The tool as people call it, in their language.
    let label: String
    /// Checks a setup read back: a hand-edited or synced file may hold anything.
    let check: (Saved) throws -> Void
    /// A setup as it is written, and as it is read back (after `check`): where
    /// a part of it follows a setting, as a drone's A4 follows `reference`.
    var storing: (Saved) -> Saved = { $0 }
    var reading: (Saved) -> Saved = { $0 }

    private static var lastKey: String { "last" }
    private static var presetsKey: String { "presets" }
    /// Long enough for "Bach partita, slow practice", short enough for a screen line.
    static var nameLengths: ClosedRange<Int> { 1...40 }

    func last() throws -> Saved? {
        try store.section(tool)[Self.lastKey].map { try read($0, what: Self.lastKey, remedy: .presetLastRemedy) }
    }

    /// Keeps the setup a live session ended with, for the next one to start from.
    func remember(_ saved: Saved) throws {
        let value = try JSONValue(encoding: storing(saved))
        try store.updateInSection(tool, key: Self.lastKey) { _ in value }
    }

    /// The preset `name` names as takes and sounds are found (`NameLookup`):
    /// itself in any case, else the only one it begins.
    func preset(_ name: String) throws -> Saved {
        let presets = try self.presets(), names = presets.keys.sorted()
        let found = Result { () throws(NameLookupError) in try NameLookup.find(name, what: localized(.presetWhat, label), among: names.map { ($0, [$0], []) }) }
        if case .failure(.unknown) = found { throw unknown(name, among: presets) }  // with the names saved, or how to save one
        let key = names[try found.get()]
        return try read(presets[key]!, what: key, remedy: .presetRemedy)
    }

    private func unknown(_ name: String, among presets: [String: JSONValue]) -> Failure {
        Failure(localized(presets.isEmpty ? .presetNoneSaved : .presetUnknown, name, label, presets.keys.sorted().joined(separator: ", ")))
    }

    /// Every preset, by name, each read and checked; one that does not read
    /// is a problem beside the others, which still list.
    func all() throws -> (presets: [(name: String, saved: Saved)], problems: [String]) {
        var presets: [(name: String, saved: Saved)] = [], problems: [String] = []
        for (name, value) in try self.presets().sorted(by: { $0.key < $1.key }) {
            do { presets.append((name, try read(value, what: name, remedy: .presetRemedy))) } catch { problems.append(said(error)) }
        }
        return (presets, problems)
    }

    /// Saves `saved` under `name`; another setup already there is kept unless `replacing`.
    func save(_ saved: Saved, as name: String, replacing: Bool) throws {
        try Self.checkName(name)
        let value = try JSONValue(encoding: storing(saved))
        try setPresets { presets in
            // One name in another case is the same name, as it is for finding it.
            let same = Self.savedName(name, among: presets)
            if let same, presets[same] != value, !replacing {
                throw Failure(localized(.presetExists, same, label))
            }
            if let same { presets.removeValue(forKey: same) }
            presets[name] = value
        }
    }

    /// Removes the preset `name` names (itself, or in another case; never a
    /// mere beginning) and returns its saved name.
    func forget(_ name: String) throws -> String {
        var forgotten = ""
        try setPresets { presets in
            guard let key = Self.savedName(name, among: presets) else { throw unknown(name, among: presets) }
            presets.removeValue(forKey: key)
            forgotten = key
        }
        return forgotten
    }

    /// The saved name `name` is: itself, else the only one it is in another case.
    private static func savedName(_ name: String, among presets: [String: JSONValue]) -> String? {
        if presets[name] != nil { return name }
        let same = presets.keys.filter { $0.lowercased() == name.lowercased() }
        return same.count == 1 ? same[0] : nil
    }

    /// Refuses a name no preset (or, with `.gridScaleBadName`, no scale of one's own) may have.
    /// A first dash is refused: `--preset -x` would read it as an option.
    static func checkName(_ name: String, refusal: TextKey = .presetBadName) throws {
        guard nameLengths.contains(name.count), !name.contains(where: { $0.isNewline || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }),
              name.trimmingWhitespace() == name, !name.hasPrefix("-") else {
            throw Failure(localized(refusal, name, nameLengths.upperBound))
        }
    }

    private func presets() throws -> [String: JSONValue] {
        try presets(in: try store.section(tool)[Self.presetsKey])
    }

    private func presets(in value: JSONValue?) throws -> [String: JSONValue] {
        switch value {
        case nil: return [:]
        case .object(let presets): return presets
        default: throw Failure(localized(.presetUnreadable, store.path, label, Self.presetsKey, localized(.presetNotAnObject)))
        }
    }

    /// Changes the presets as the file holds them now, under the settings
    /// lock: six presets saved at once by six commands kept two.
    private func setPresets(_ change: (inout [String: JSONValue]) throws -> Void) throws {
        try store.updateInSection(tool, key: Self.presetsKey) { value in
            var presets = try presets(in: value)
            try change(&presets)
            return .object(presets)
        }
    }

    /// `remedy`: what the user can do about an entry that does not read (`--forget` a preset, `--fresh` past the last setup).
    private func read(_ value: JSONValue, what entry: String, remedy: TextKey) throws -> Saved {
        do {
            let saved = try value.decode(as: Saved.self)
            try check(saved)
            return reading(saved)
        } catch let error as DecodingError {
            throw Failure(localized(.presetUnreadable, store.path, label, entry, Self.text(of: error)) + localized(remedy, entry))
        } catch {
            throw Failure(localized(.presetUnreadable, store.path, label, entry, said(error)) + localized(remedy, entry))
        }
    }

    /// Which field of a stored setup does not fit, in the file's own key names.
    private static func text(of error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ last: CodingKey? = nil) -> String {
            (context.codingPath + (last.map { [$0] } ?? [])).map(\.stringValue).joined(separator: ".")
        }
        return switch error {
        case .keyNotFound(let key, let context): localized(.presetFieldMissing, path(context, key))
        case .valueNotFound(_, let context): localized(.presetFieldMissing, path(context))
        // The entry itself is no object of fields (a number, a string): no field to name.
        case .typeMismatch(_, let context) where context.codingPath.isEmpty: localized(.presetNotASetup)
        case .typeMismatch(_, let context), .dataCorrupted(let context): localized(.presetFieldWrong, path(context))
        @unknown default: String(describing: error)
        }
    }
}
