import Glibc
import PeachPluginAPI

/// The Sine source's settings. None is live: the host applies a change by
/// making a new instance, which it swaps in between notes.
struct SineOptions {
    var gain = 0.5
    var attackMilliseconds = 5.0
    var releaseMilliseconds = 5.0
    var overtones = 0.0

    enum Field: Sendable { case gain, attack, release, overtones }

    struct Definition: Sendable {
        let field: Field
        let key: String
        let name: String
        let unit: String
        let range: ClosedRange<Double>
        let description: String
    }

    subscript(field: Field) -> Double {
        get {
            switch field {
            case .gain: gain
            case .attack: attackMilliseconds
            case .release: releaseMilliseconds
            case .overtones: overtones
            }
        }
        set {
            switch field {
            case .gain: gain = newValue
            case .attack: attackMilliseconds = newValue
            case .release: releaseMilliseconds = newValue
            case .overtones: overtones = newValue
            }
        }
    }

    static let definitions: [Definition] = [
        Definition(field: .gain, key: "gain", name: "Gain", unit: "", range: 0...1,
                   description: "Peak amplitude of a note at full velocity, from 0 (silent) to 1 (full scale)."),
        Definition(field: .attack, key: "attack-ms", name: "Attack", unit: "ms", range: 0.5...100,
                   description: "Length of the raised-cosine fade-in that keeps note starts free of clicks."),
        Definition(field: .release, key: "release-ms", name: "Release", unit: "ms", range: 0.5...500,
                   description: "Length of the raised-cosine fade-out after a note is released."),
        Definition(field: .overtones, key: "overtones", name: "Overtones", unit: "", range: 0...1,
                   description: "Harmonics 2 to 8 added to the sine, from 0 (a pure sine) to 1 (an organ-like tone to tune against)."),
    ]

    static func definition(_ key: String) -> Definition? { definitions.first { $0.key == key } }

    static func format(_ value: Double) -> String {
        var text = String(value)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
