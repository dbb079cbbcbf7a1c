import PeachSupport

/// A scale as the grid lays it out: the semitones above the root that belong
/// to it, within one octave. A built-in scale has a fixed id; a user's scale
/// is any non-empty choice of the twelve, under a name of the user's.
public struct Scale: Equatable, Hashable, Codable, Sendable {
    /// The id a command line names it by (`natural-minor`), or the user's name.
    public var name: String
    /// Semitones above the root, ascending, each in 0...11.
    public var steps: [Int]

    public init(name: String, steps: [Int]) throws(ScaleError) {
        let sorted = Set(steps).sorted()
        guard !sorted.isEmpty else { throw .empty(name: name) }
        guard sorted.allSatisfy(Self.semitoneRange.contains) else { throw .stepOutside(name: name, steps: sorted) }
        self.name = name
        self.steps = sorted
    }

    private init(builtIn name: String, _ steps: [Int]) {
        self.name = name
        self.steps = steps
    }

    public static let semitoneRange = 0...11

    public static let major = Scale(builtIn: "major", [0, 2, 4, 5, 7, 9, 11])
    public static let naturalMinor = Scale(builtIn: "natural-minor", [0, 2, 3, 5, 7, 8, 10])
    public static let harmonicMinor = Scale(builtIn: "harmonic-minor", [0, 2, 3, 5, 7, 8, 11])
    public static let majorPentatonic = Scale(builtIn: "major-pentatonic", [0, 2, 4, 7, 9])
    public static let minorPentatonic = Scale(builtIn: "minor-pentatonic", [0, 3, 5, 7, 10])
    /// The minor blues: the minor pentatonic with the flat fifth.
    public static let blues = Scale(builtIn: "blues", [0, 3, 5, 6, 7, 10])
    public static let chromatic = Scale(builtIn: "chromatic", Array(0...11))

    /// In the order the menu offers them.
    public static let builtIn: [Scale] = [.chromatic, .major, .naturalMinor, .harmonicMinor, .majorPentatonic, .minorPentatonic, .blues]

    /// Other words people type for a built-in scale.
    static let aliases: [String: Scale] = ["minor": .naturalMinor, "aeolian": .naturalMinor, "ionian": .major,
                                           "pentatonic": .majorPentatonic, "minor-blues": .blues]

    public var isBuiltIn: Bool { Self.builtIn.contains(self) }

    /// Whether minor thirds colour it, which decides how its notes are spelled when it has no seven letters.
    var isMinor: Bool { steps.contains(3) && !steps.contains(4) }

    /// The scale a person names among the built-in ones and `userScales`:
    /// case and spaces or underscores for dashes do not matter; an exact user
    /// name wins over a built-in one only if no built-in has it.
    public static func named(_ text: String, userScales: [Scale] = []) throws(ScaleError) -> Scale {
        let word = String(text.trimmingWhitespace().lowercased().map { $0 == " " || $0 == "_" ? "-" : $0 })
        if let scale = builtIn.first(where: { $0.name == word }) ?? aliases[word] { return scale }
        if let scale = userScales.first(where: { $0.name.lowercased() == text.trimmingWhitespace().lowercased() }) { return scale }
        throw .unknown(text, known: builtIn.map(\.name) + userScales.map(\.name))
    }
}
