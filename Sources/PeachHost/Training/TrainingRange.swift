import PeachMusic
/// Which keys training covers: a fixed range, or one that starts as an octave
/// around C4 and grows a key at a time.
///
/// Adaptive growth: when a key at an edge of the range has at least
/// `Self.answersToGrow` answers and its 80% band, given the fitted
/// psychometric function, spans less than a factor of
/// `Self.bandRatioToGrow` (the profile knows it well), the key beyond that
/// edge joins the range. Growth stops at A0 and C8, and where the sound
/// source stops (`TrainingSession.fit`).
public struct TrainingRange: Equatable, Sendable, CustomStringConvertible {
    public private(set) var keys: ClosedRange<Int>
    public let isAdaptive: Bool

    public static let answersToGrow = 8
    public static let bandRatioToGrow = 3.0
    public static let adaptiveStart = 54...66  // F#3...F#4: an octave around C4

    public static func manual(_ low: MIDINote, _ high: MIDINote) -> TrainingRange {
        TrainingRange(keys: min(low.number, high.number)...max(low.number, high.number), isAdaptive: false)
    }

    public static let adaptive = TrainingRange(keys: adaptiveStart, isAdaptive: true)

    /// Parses `adaptive` or `LOW-HIGH` such as `C2-C7` or `36-96`: keys of the piano, the lower first.
    public init(parsing text: String) throws(TrainingRangeError) {
        if text.lowercased() == "adaptive" {  // as notes are read in any case (c4-c5)
            self = .adaptive
            return
        }
        // A '-' after the first character separates the notes (a note may itself end in "-1").
        guard let dash = text.dropFirst().firstIndex(of: "-") else { throw .malformed(text) }
        let low: MIDINote, high: MIDINote
        do {
            low = try MIDINote(parsing: String(text[..<dash]))
            high = try MIDINote(parsing: String(text[text.index(after: dash)...]))
        } catch {
            throw .note(text: text, error)
        }
        for note in [low, high] where !MIDINote.pianoRange.contains(note.number) { throw .offThePiano(text: text, note: note) }
        guard low <= high else { throw .reversed(text: text, from: low, to: high) }
        self = .manual(low, high)
    }

    private init(keys: ClosedRange<Int>, isAdaptive: Bool) {
        self.keys = keys
        self.isAdaptive = isAdaptive
    }

    /// Grows an adaptive range where the profile knows an edge well, into
    /// `playable` keys only. Returns whether it grew.
    @discardableResult
    public mutating func grow(using profile: PerceptualProfile, within playable: ClosedRange<Int> = MIDINote.pianoRange) -> Bool {
        guard isAdaptive else { return false }
        var grew = false
        for edge in [keys.lowerBound, keys.upperBound] {
            let note = MIDINote(number: edge)!
            // Given the function: training at the edge does not narrow what is unknown of the slope.
            let estimate = profile.estimate(note, givenFunction: true)
            guard estimate.answers >= Self.answersToGrow, estimate.band80.upperBound / estimate.band80.lowerBound < Self.bandRatioToGrow else { continue }
            if edge == keys.lowerBound, MIDINote.pianoRange.contains(edge - 1), playable.contains(edge - 1) {
                keys = (edge - 1)...keys.upperBound
                grew = true
            } else if edge == keys.upperBound, MIDINote.pianoRange.contains(edge + 1), playable.contains(edge + 1) {
                keys = keys.lowerBound...(edge + 1)
                grew = true
            }
        }
        return grew
    }

    /// The keys of this range inside `playable`, to train now; the nearest
    /// playable key if none is.
    public func limited(to playable: ClosedRange<Int>) -> TrainingRange {
        TrainingRange(keys: keys.clamped(to: playable), isAdaptive: isAdaptive)
    }

    /// An adaptive range with no key inside `playable` also reaches the octave
    /// of it nearest to where it was, so training starts there; its own keys stay.
    public func reaching(into playable: ClosedRange<Int>) -> TrainingRange {
        guard isAdaptive, !keys.overlaps(playable) else { return self }
        let octave = playable.upperBound < keys.lowerBound
            ? max(playable.lowerBound, playable.upperBound - 12)...playable.upperBound
            : playable.lowerBound...min(playable.upperBound, playable.lowerBound + 12)
        return TrainingRange(keys: min(keys.lowerBound, octave.lowerBound)...max(keys.upperBound, octave.upperBound), isAdaptive: true)
    }

    /// Starts from an earlier range (resuming), keeping adaptivity.
    public func resumed(from earlier: ClosedRange<Int>) -> TrainingRange {
        guard isAdaptive else { return self }
        return TrainingRange(keys: min(keys.lowerBound, earlier.lowerBound)...max(keys.upperBound, earlier.upperBound), isAdaptive: true)
    }

    /// As `--range` and the settings write it: `adaptive`, or `C3-C5`.
    public var written: String {
        isAdaptive ? "adaptive" : "\(MIDINote(number: keys.lowerBound)!.name)-\(MIDINote(number: keys.upperBound)!.name)"
    }

    public var description: String {
        "\(MIDINote(number: keys.lowerBound)!.name)-\(MIDINote(number: keys.upperBound)!.name)\(isAdaptive ? " (adaptive)" : "")"
    }
}
