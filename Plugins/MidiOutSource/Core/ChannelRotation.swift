/// The channels notes take turns on: 1 to 16 without 10 (General MIDI's
/// drums), the first `count` of them. Each note takes the next channel in
/// turn that holds no note, so the bend or tuning set for a new note never
/// reaches the release tail of the one before it: that channel is the last
/// to be used again.
public struct ChannelRotation: Sendable {
    /// Channel numbers on the wire (0-based): 9 is channel 10.
    public static let usable: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15]

    public let channels: [UInt8]
    private var next = 0

    /// `count` 1...15.
    public init(count: Int) {
        channels = Array(Self.usable.prefix(min(max(count, 1), Self.usable.count)))
    }

    /// The next channel for which `isHolding` is false; if every channel
    /// holds a note, simply the next one.
    public mutating func take(isHolding: (UInt8) -> Bool) -> UInt8 {
        var chosen = next
        for step in 0..<channels.count where !isHolding(channels[(next + step) % channels.count]) {
            chosen = (next + step) % channels.count
            break
        }
        next = (chosen + 1) % channels.count
        return channels[chosen]
    }
}
