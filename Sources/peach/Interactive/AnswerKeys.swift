import PeachAudio
import PeachHost
import PeachText
import PeachTraining

/// The keys that answer, stop and change things on the training screen:
/// generous, so one hand anywhere on the keyboard can answer without looking.
enum AnswerKeys {
    /// Up is higher, as on a staff; right is higher, as on a piano.
    static func direction(of key: Key) -> PitchDirection? {
        switch key {
        case .up, .right, .pageUp: .higher
        case .down, .left, .pageDown: .lower
        case .character(let character):
            switch character {
            case "k", "K", "l", "L", "w", "W", "d", "D", "+", "=", "8", "6": .higher
            case "j", "J", "h", "H", "s", "S", "a", "A", "-", "_", "2", "4": .lower
            default: nil
            }
        default: nil
        }
    }

    static func stops(_ key: Key) -> Bool {
        switch key {
        case .escape, .interrupt, .character("q"), .character("Q"): true
        default: false
        }
    }

    /// The main keys for a direction, as the targets show them.
    static func hint(for direction: PitchDirection, unicode: Bool) -> String {
        switch (direction, unicode) {
        case (.higher, true): "↑ → k l w d"
        case (.lower, true): "↓ ← j h s a"
        case (.higher, false): localized(.keysHigherASCII)
        case (.lower, false): localized(.keysLowerASCII)
        }
    }
}
