/// What is wrong with a drone, as data: PeachMessages words it.
public enum DroneSetupError: Error, Equatable, Sendable {
    case referenceOutside(Double, allowed: ClosedRange<Double>)
    case centsOutside(Double, allowed: ClosedRange<Double>)
    /// A root that is no MIDI note (from a damaged or hand-written preset).
    case rootOutside(Int, allowed: ClosedRange<Int>)
}
