/// How strongly a beat is clicked. Users of odd meters ask for at least
/// three strengths plus silence (7/8 as 2+2+3 with its group starts heard).
public enum AccentLevel: Int, CaseIterable, Codable, Sendable {
    case silent = 0, weak = 1, normal = 2, strong = 3

    /// The letters of an accent pattern, one per beat: `X` strong, `x` normal,
    /// `-` weak, `.` silent (digits 3, 2, 1, 0 mean the same).
    public static func parse(pattern: String) throws(MetronomeSetupError) -> [AccentLevel] {
        try pattern.map { (character: Character) throws(MetronomeSetupError) -> AccentLevel in
            switch character {
            case "X", "3": .strong
            case "x", "2": .normal
            case "-", "1": .weak
            case ".", "0": .silent
            default: throw .badAccentCharacter(pattern: pattern, character: String(character))
            }
        }
    }

    public var letter: Character {
        switch self {
        case .strong: "X"
        case .normal: "x"
        case .weak: "-"
        case .silent: "."
        }
    }
}
