import PeachDrone
import PeachText

extension DroneSetupError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .referenceOutside(let hz, let allowed):
            language.text(.droneReferenceOutside, hz.compact(in: language), allowed.lowerBound.compact(in: language), allowed.upperBound.compact(in: language))
        case .rootOutside(let root, let allowed): language.text(.droneRootOutside, root, allowed.lowerBound, allowed.upperBound)
        case .centsOutside(let cents, let allowed):
            language.text(.droneCentsOutside, cents.compact(in: language), allowed.lowerBound.compact(in: language), allowed.upperBound.compact(in: language))
        }
    }
}
