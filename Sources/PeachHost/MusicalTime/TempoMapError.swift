/// Why a list of segments is not a tempo map. Carries the segment's index;
/// the tool that built the list words it.
public enum TempoMapError: Error, Equatable, Sendable {
    case noSegments
    case firstSegmentNotAtZero
    case notAfterPrevious(segment: Int)
    /// A new meter or tempo segment must begin on a bar line of the one before.
    case notOnBarLine(segment: Int)
    case beatsPerBarOutOfRange(segment: Int, beatsPerBar: Int)
    /// The last segment has no end for a ramp to reach.
    case rampWithoutEnd
    case sampleRateNotPositive(Int)
}
