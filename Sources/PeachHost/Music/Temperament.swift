/// A tuning of the twelve keys other than equal temperament (a historical
/// temperament, just intonation in a key): how far each key stands from
/// its equal-tempered pitch. It is placed so that A keeps the reference
/// pitch, as one tunes from an A fork and tempers the rest from it.
public struct Temperament: Equatable, Sendable, Codable {
    /// What the screen calls it: the scale's description (`Werckmeister III`), else its file's name.
    public var name: String
    /// Cents from equal temperament by pitch class, C (0) to B (11); A's is 0.
    public var offsets: [Double]

    /// A degree further than this from its key would name the wrong key.
    public static let largestOffset = 50.0

    /// `offsets` from C; checked once A is placed at 0, since moving every key with A may take one 50 cents from its own.
    public init(name: String, offsets: [Double]) throws(TemperamentError) {
        guard offsets.count == 12 else { throw .notTwelve(offsets.count) }
        // To a millionth of a cent: the file keeps `11.73`, not `11.730000000000018`.
        let placed = offsets.map { (($0 - offsets[9]) * 1e6).rounded() / 1e6 }
        for (key, offset) in placed.enumerated() where !(offset.isFinite && abs(offset) < Self.largestOffset) {
            throw .tooFarFromKey(degree: key, cents: Double(key) * 100 + offset)
        }
        self.name = name
        self.offsets = placed
    }

    /// A Scala scale of twelve degrees to the octave, its first degree on
    /// the pitch class `root` (0 = C): Scala files give most temperaments from C.
    public init(name: String, scale: ScalaScale, root: Int) throws(TemperamentError) {
        guard scale.degrees.count == 12 else { throw .notTwelve(scale.degrees.count) }
        guard abs(scale.degrees[11] - 1200) < 0.001 else { throw .periodNotOctave(cents: scale.degrees[11]) }
        let steps = [0] + scale.degrees.dropLast()
        var offsets = [Double](repeating: 0, count: 12)
        for (degree, cents) in steps.enumerated() {
            let offset = cents - Double(degree) * 100
            guard abs(offset) < Self.largestOffset else { throw .tooFarFromKey(degree: degree, cents: cents) }
            offsets[(root + degree) % 12] = offset
        }
        try self.init(name: name, offsets: offsets)
    }

    /// A hand-edited or synced file is checked as a scale is.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(name: container.decode(String.self, forKey: .name), offsets: container.decode([Double].self, forKey: .offsets))
    }

    /// The key's pitch in this temperament, A4 at `reference`.
    public func frequency(of note: MIDINote, reference: Double) -> Double {
        Pitch.frequency(of: note, cents: offsets[note.number % 12], reference: reference)
    }
}

/// Why a scale is no temperament of the twelve keys.
public enum TemperamentError: Error, Equatable, Sendable {
    /// It has another number of degrees to its period than twelve.
    case notTwelve(Int)
    /// Its period is not the octave (1200 cents).
    case periodNotOctave(cents: Double)
    /// Degree `degree` (from 0, the root) stands `cents` above the root, 50 cents or more from its key.
    case tooFarFromKey(degree: Int, cents: Double)
}
