import PeachMusic
/// The pitches a sound source plays (the note range it declares), seen from
/// training: which piano keys it holds at the session's A4, and where a pair
/// sounds whole. Every check computes the pair's frequencies exactly as they
/// are played (`TrainingPair.frequencies`), so what passes here is never
/// refused by the engine's check of the same range.
public struct PlayablePitches: Equatable, Sendable {
    public let frequencies: ClosedRange<Double>
    public let reference: Double

    public init(frequencies: ClosedRange<Double>, reference: Double) {
        self.frequencies = frequencies
        self.reference = reference
    }

    /// The piano keys whose own pitch is inside; nil if none is.
    public var keys: ClosedRange<Int>? {
        let inside = MIDINote.pianoRange.filter { plays($0, cents: 0) }
        guard let low = inside.first, let high = inside.last else { return nil }
        return low...high
    }

    /// Whether both notes of `pair` are inside.
    public func plays(_ pair: TrainingPair) -> Bool {
        let (first, second) = pair.frequencies(reference: reference)
        return frequencies.contains(first) && frequencies.contains(second)
    }

    /// `pair`, or where it sounds whole: at the nearest of `keys` where its
    /// difference fits both upwards and downwards. Moving the pair rather
    /// than turning it round keeps its direction unguessable: were pairs near
    /// the top only ever to go down, a large difference there would give the
    /// answer away. Where no key holds the difference both ways (a range
    /// narrower than the pair), the key with the most room gets the widest
    /// difference that fits both ways.
    public func place(_ pair: TrainingPair, among keys: ClosedRange<Int>) -> TrainingPair {
        guard !fitsBothWays(pair.note.number, cents: abs(pair.cents)) else { return pair }
        let nearestFirst = keys.sorted { abs($0 - pair.note.number) < abs($1 - pair.note.number) }
        if let key = nearestFirst.first(where: { fitsBothWays($0, cents: abs(pair.cents)) }) {
            return TrainingPair(note: MIDINote(number: key)!, cents: pair.cents, kind: pair.kind)
        }
        let roomiest = nearestFirst.max { room(at: $0) < room(at: $1) }!
        let cents = (room(at: roomiest) * 10).rounded(.down) / 10
        return TrainingPair(note: MIDINote(number: roomiest)!, cents: pair.cents < 0 ? -cents : cents, kind: pair.kind)
    }

    private func plays(_ key: Int, cents: Double) -> Bool {
        frequencies.contains(Pitch.frequency(of: MIDINote(number: key)!, cents: cents, reference: reference))
    }

    private func fitsBothWays(_ key: Int, cents: Double) -> Bool {
        plays(key, cents: cents) && plays(key, cents: -cents)
    }

    /// How far, in cents, a pair at `key` may reach both ways.
    private func room(at key: Int) -> Double {
        let pitch = Pitch.frequency(of: MIDINote(number: key)!, reference: reference)
        return min(Pitch.cents(from: pitch, to: frequencies.upperBound), Pitch.cents(from: frequencies.lowerBound, to: pitch))
    }
}
