/// The Clicks source's settings: only the level, since the sound is chosen by
/// the key of each note. Not live: the host applies a change by making a new
/// instance, which it swaps in between notes.
struct ClickOptions {
    var gain = 0.8

    struct Definition: Sendable {
        let key: String
        let name: String
        let unit: String
        let range: ClosedRange<Double>
        let description: String
        let field: WritableKeyPath<ClickOptions, Double> & Sendable
    }

    static let definitions: [Definition] = [
        Definition(key: "gain", name: "Gain", unit: "", range: 0...1,
                   description: "Level of a click at full velocity: 1 puts the loudest sample at 0.6 to 0.7 of full scale; 0 is silent.",
                   field: \ClickOptions.gain),
    ]

    static func definition(_ key: String) -> Definition? { definitions.first { $0.key == key } }

    static func format(_ value: Double) -> String {
        var text = String(value)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
