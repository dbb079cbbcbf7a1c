import PeachHost
import PeachText

/// A scale as people read it: a built-in one in the user's language, a user's by its own name.
enum ScaleLabel {
    static func text(_ scale: Scale) -> String {
        switch scale {
        case .major: localized(.scaleMajor)
        case .naturalMinor: localized(.scaleNaturalMinor)
        case .harmonicMinor: localized(.scaleHarmonicMinor)
        case .majorPentatonic: localized(.scaleMajorPentatonic)
        case .minorPentatonic: localized(.scaleMinorPentatonic)
        case .blues: localized(.scaleBlues)
        case .chromatic: localized(.scaleChromatic)
        default: scale.name
        }
    }
}
