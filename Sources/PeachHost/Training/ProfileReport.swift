import FoundationEssentials
import PeachMusic

/// The profile as other programs read it: `peach profile --json`, and the
/// content of the snapshot file. Field names are a contract; fields may be added.
public struct ProfileReport: Codable, Equatable, Sendable {
    public struct Note: Codable, Equatable, Sendable {
        public var note: Int
        public var name: String
        public var threshold: Double
        public var band80: [Double]
        public var band95: [Double]
        public var answers: Int
        /// θ as a multiple of the listener's own smooth curve here (1 = on the
        /// curve); what names weak spots. Absent from snapshots older than it.
        public var aboveCurve: Double?
    }

    public struct Range: Codable, Equatable, Sendable {
        public var low: String
        public var high: String
        public var adaptive: Bool
    }

    /// The snapshot format this Peach writes and reads.
    public static let currentSchema = 1

    public var schema: Int
    public var reference: Double
    public var answers: Int
    /// Slope of the listener's psychometric function and the lapse rate the profile uses.
    public var slope: Double
    public var lapse: Double
    public var range: Range
    public var notes: [Note]

    public init(profile: PerceptualProfile, range: TrainingRange, reference: Double) {
        schema = Self.currentSchema
        self.reference = reference
        answers = profile.answerCount
        slope = profile.function.slope
        lapse = profile.function.lapse
        self.range = Range(low: MIDINote(number: range.keys.lowerBound)!.name, high: MIDINote(number: range.keys.upperBound)!.name,
                           adaptive: range.isAdaptive)
        notes = range.keys.map { number in
            let estimate = profile.estimate(MIDINote(number: number)!)
            func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }
            return Note(note: number, name: estimate.note.name, threshold: rounded(estimate.threshold),
                        band80: [rounded(estimate.band80.lowerBound), rounded(estimate.band80.upperBound)],
                        band95: [rounded(estimate.band95.lowerBound), rounded(estimate.band95.upperBound)],
                        answers: estimate.answers, aboveCurve: rounded(profile.aboveCurve(at: estimate.note)))
        }
    }

    /// The report as JSON; fails rather than give an empty text when a number
    /// in it is not finite (JSON has no infinity), so no file is replaced by nothing.
    public func json(pretty: Bool = false) throws(NotFinite) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        guard let data = try? encoder.encode(self) else { throw NotFinite() }
        return String(decoding: data, as: UTF8.self)
    }

    /// The profile holds a number JSON cannot write.
    public struct NotFinite: Error, Equatable {
        public init() {}
    }
}
