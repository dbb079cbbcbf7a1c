/// What `--json` prints for a practice tool: its own fields, and the other
/// tool that sounded with it under one key (`"drone"`, `"metronome"`).
struct PracticeReport<Own: Encodable, Other: Encodable>: Encodable {
    let own: Own
    let otherKey: String
    let other: Other?

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        try own.encode(to: encoder)
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(other, forKey: Key(stringValue: otherKey))
    }
}
