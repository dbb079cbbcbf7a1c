import PeachHost
import PeachText

/// Makes a scale of the user's (menu, "your scale…"): the twelve notes from
/// the root, each in or out (←→ to move, Space to switch), then a name
/// (Enter, type, Enter saves). Editing a user scale starts from its notes
/// and name, and saving under that name replaces it; any other name that
/// is taken is refused, never overwritten.
struct ScaleEditor {
    enum Phase: Equatable { case notes, name }

    let root: PitchClass
    /// The user scale being edited, if any: its name may be saved over.
    let editing: String?
    var steps: Set<Int>
    var cursor = 0
    var phase = Phase.notes
    var name: String

    init(root: PitchClass, from scale: Scale) {
        self.root = root
        editing = scale.isBuiltIn ? nil : scale.name
        steps = Set(scale.steps)
        name = editing ?? ""
    }

    enum Outcome { case editing, cancelled, save(Scale) }

    /// What a key does; a scale that cannot be made stays open with the reason in `problem`.
    mutating func handle(_ key: Key, problem: inout String?) -> Outcome {
        problem = nil
        switch (phase, key) {
        case (_, .escape): return .cancelled
        case (.notes, .left): cursor = (cursor + 11) % 12
        case (.notes, .right): cursor = (cursor + 1) % 12
        case (.notes, .space):
            if steps.contains(cursor) { steps.remove(cursor) } else { steps.insert(cursor) }
        case (.notes, .enter):
            if steps.isEmpty { problem = localized(.gridEditorEmpty) } else { phase = .name }
        case (.name, .backspace): if !name.isEmpty { name.removeLast() }
        case (.name, .character(let character)): name.append(character)
        case (.name, .space): name.append(" ")
        case (.name, .enter):
            do {
                try UserScales.check(name: name)
                return .save(try Scale(name: name, steps: Array(steps)))
            } catch {
                problem = said(error)
            }
        default: break
        }
        return .editing
    }

    /// Whether saving would replace a user scale: only the one being edited.
    var replacing: Bool { editing?.lowercased() == name.lowercased() }

    func lines(style: TerminalStyle) -> [String] {
        let flats = ScaleSpelling.names(of: .chromatic, from: root)
        let notes = (0..<12).map { step -> String in
            let text = flats[step].description
            let marked = steps.contains(step) ? "[\(text)]" : " \(text) "
            return step == cursor && phase == .notes ? style.inverse(marked) : marked
        }
        var lines = [style.strong(localized(.gridEditorTitle, root.description)), "", notes.joined(separator: " "), ""]
        lines.append(phase == .notes ? style.dim(localized(.gridEditorNotesKeys))
                                     : localized(.gridEditorName) + name + (style.unicode ? "▏" : "_"))
        if phase == .name { lines += ["", style.dim(localized(.gridEditorNameKeys))] }
        return lines
    }
}
