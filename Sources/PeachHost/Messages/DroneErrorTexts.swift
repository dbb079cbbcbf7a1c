import PeachDrone
import PeachText

extension DroneSetupError: Worded {
    public func text(in language: Language) -> String {
        switch self {
        case .referenceOutside(let hz, let allowed):
            language.text(.droneReferenceOutside, hz.compact(in: language), allowed.lowerBound.compact(in: language), allowed.upperBound.compact(in: language))
        case .centsOutside(let cents, let allowed):
            language.text(.droneCentsOutside, cents.compact(in: language), allowed.lowerBound.compact(in: language), allowed.upperBound.compact(in: language))
        }
    }
}
