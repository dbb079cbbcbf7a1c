/// A line of glyphs with roles, written with or without colour codes.
public struct StyledLine: Sendable {
    private var runs: [(text: String, role: TerminalColour.Role)] = []

    public init(_ text: String = "", _ role: TerminalColour.Role = .plain) {
        if !text.isEmpty { runs.append((text, role)) }
    }

    public mutating func append(_ text: String, _ role: TerminalColour.Role = .plain) {
        runs.append((text, role))
    }

    public func rendered(colour: Bool) -> String {
        guard colour else { return runs.map(\.text).joined() }
        var result = ""
        for run in runs {
            if let sgr = run.role.sgr { result += "\u{1B}[\(sgr)m\(run.text)\u{1B}[0m" } else { result += run.text }
        }
        return result
    }
}
