import PeachHost
import PeachText

/// The user's own scales, kept in the settings file (`"grid": {"scales": [{"name": …, "steps": […]}]}`)
/// and offered after the built-in ones. A damaged entry is named, never dropped unasked.
struct UserScales {
    let store: SettingsStore

    private static let tool = "grid"
    private static let key = "scales"
    /// As a preset's name: long enough to say what it is, short enough for the menu.
    static let nameLengths = 1...40

    func all() throws -> [Scale] {
        try scales(in: try store.section(Self.tool)[Self.key])
    }

    private func scales(in value: JSONValue?) throws -> [Scale] {
        guard let value else { return [] }
        do {
            let scales = try value.decode(as: [Scale].self)
            // Decoding skips `Scale.init`'s checks; a synced or hand-edited file may hold anything.
            return try scales.map { try Scale(name: $0.name, steps: $0.steps) }
        } catch {
            throw Failure(localized(.presetUnreadable, store.path, localized(.practiceToolGrid), Self.key, said(error)))
        }
    }

    /// Adds `scale`, or replaces the user scale of that name when `replacing` (the editor editing it).
    func save(_ scale: Scale, replacing: Bool) throws {
        try Self.check(name: scale.name)
        try change { scales in
            if let index = scales.firstIndex(where: { $0.name.lowercased() == scale.name.lowercased() }) {
                guard replacing else { throw Failure(localized(.gridScaleExists, scale.name)) }
                scales[index] = scale
            } else {
                scales.append(scale)
            }
        }
    }

    /// Removes the scale called `name` in any case, and returns its name as saved.
    @discardableResult
    func forget(_ name: String) throws -> String {
        var removed = ""
        try change { scales in
            guard let index = scales.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw Failure(localized(.gridNoSuchUserScale, name, scales.map(\.name).joined(separator: ", ")))
            }
            removed = scales.remove(at: index).name
        }
        return removed
    }

    /// Changes the scales as the file holds them now, under the settings lock:
    /// a scale saved meanwhile (another terminal, a live grid) is kept.
    private func change(_ body: (inout [Scale]) throws -> Void) throws {
        try store.updateInSection(Self.tool, key: Self.key) { value in
            var scales = try scales(in: value)
            try body(&scales)
            return try JSONValue(encoding: scales)
        }
    }

    /// A name for the menu and the command line: not empty, not too long, no control characters, not a built-in's.
    static func check(name: String) throws {
        try PracticeMemory<SavedGrid>.checkName(name, refusal: .gridScaleBadName)
        if (try? Scale.named(name)) != nil { throw Failure(localized(.gridScaleNameBuiltIn, name)) }
    }

    /// Notes such as `C D Eb G A`, as steps above `root`.
    static func steps(of notes: [String], root: PitchClass) throws(ScaleError) -> [Int] {
        try notes.map { word throws(ScaleError) in (try note(word).semitone - root.semitone + 12) % 12 }
    }

    /// One note of a scale typed as notes: refused as a note, not as a root.
    static func note(_ word: String) throws(ScaleError) -> PitchClass {
        guard let note = try? PitchClass(parsing: word) else { throw .unknownNote(word) }
        return note
    }
}
