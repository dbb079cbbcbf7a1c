/// What is wrong with a drone, as data: PeachMessages words it.
public enum DroneSetupError: Error, Equatable, Sendable {
    case referenceOutside(Double, allowed: ClosedRange<Double>)
    case centsOutside(Double, allowed: ClosedRange<Double>)
}
