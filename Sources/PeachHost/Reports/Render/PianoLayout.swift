import PeachMusic
/// Where the keys of a range lie on a drawn piano keyboard: white keys side
/// by side, each black key narrower and centred on the line between its two
/// white neighbours, as on a real piano. The data of a key is drawn at its
/// centre, so the curve above lines up with the keys below.
public struct PianoLayout: Sendable {
    public struct Key: Sendable {
        public var note: Int
        public var isBlack: Bool
        public var x: Double
        public var width: Double
        public var centre: Double { x + width / 2 }
    }

    public let keys: [Key]
    public let whiteWidth: Double

    /// The keys of `range` across `width` pixels from `left`. A range that
    /// begins or ends on a black key gets the white key beside it too.
    public init(range: ClosedRange<Int>, left: Double, width: Double) {
        let low = MIDINote(number: range.lowerBound)!.isBlackKey ? range.lowerBound - 1 : range.lowerBound
        let high = MIDINote(number: range.upperBound)!.isBlackKey ? range.upperBound + 1 : range.upperBound
        let whiteCount = (low...high).filter { !MIDINote(number: $0)!.isBlackKey }.count
        whiteWidth = width / Double(max(whiteCount, 1))
        let blackWidth = whiteWidth * 0.6
        var keys: [Key] = []
        var whitesBefore = 0
        for note in low...high {
            if MIDINote(number: note)!.isBlackKey {
                let boundary = left + Double(whitesBefore) * whiteWidth
                keys.append(Key(note: note, isBlack: true, x: boundary - blackWidth / 2, width: blackWidth))
            } else {
                keys.append(Key(note: note, isBlack: false, x: left + Double(whitesBefore) * whiteWidth, width: whiteWidth))
                whitesBefore += 1
            }
        }
        self.keys = keys
    }

    public func key(_ note: Int) -> Key? { keys.first { $0.note == note } }
}
