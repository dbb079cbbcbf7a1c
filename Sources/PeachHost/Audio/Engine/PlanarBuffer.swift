/// Non-interleaved float channels, as sources render them, each between
/// guard regions: a source that writes past its block (or before it) changes
/// a guard value instead of the next channel or the host's heap, and
/// `guardsIntact` notices after `process` returns.
final class PlanarBuffer: @unchecked Sendable {
    let channelPointers: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>
    private let channels: Int
    private let frames: Int
    private let storage: UnsafeMutablePointer<Float>
    private let storageCount: Int

    /// Guard values before the first channel and after each one.
    private static let guardFrames = 16
    /// A quiet NaN with a payload no arithmetic produces: a source that
    /// writes it by accident is vanishingly unlikely.
    private static let canary = UInt32(0x7FC0_5EED)

    init(channels: Int, frames: Int) {
        self.channels = channels
        self.frames = frames
        storageCount = Self.guardFrames + max(1, channels) * (frames + Self.guardFrames)
        storage = .allocate(capacity: storageCount)
        storage.initialize(repeating: 0, count: storageCount)
        channelPointers = .allocate(capacity: max(1, channels))
        for channel in 0..<channels { channelPointers[channel] = storage + Self.guardFrames + channel * (frames + Self.guardFrames) }
        restoreGuards()
    }

    deinit {
        storage.deallocate()
        channelPointers.deallocate()
    }

    /// Whether every guard value is as it was: a handful of compares per channel, no allocation.
    func guardsIntact() -> Bool {
        var start = 0
        for _ in 0...channels {
            for index in start..<(start + Self.guardFrames) where storage[index].bitPattern != Self.canary { return false }
            start += Self.guardFrames + frames
        }
        return true
    }

    /// Writes the guard values again (after a source damaged them).
    func restoreGuards() {
        var start = 0
        for _ in 0...channels {
            (storage + start).update(repeating: Float(bitPattern: Self.canary), count: Self.guardFrames)
            start += Self.guardFrames + frames
        }
    }

    func clear(frames: Int) {
        for channel in 0..<channels { channelPointers[channel]!.update(repeating: 0, count: frames) }
    }

    /// The largest sample a source may render: 24 dB over full scale. No working
    /// source comes near it (a mix peaks at a few times full scale at most);
    /// beyond it a value is as broken as NaN.
    static let largestSample: Float = 16

    /// Whether every sample is a number within ±`largestSample` (NaN and infinity are not).
    func isPlayable(frames: Int) -> Bool {
        for channel in 0..<channels {
            let samples = channelPointers[channel]!
            for index in 0..<frames where !(abs(samples[index]) <= Self.largestSample) { return false }
        }
        return true
    }

    /// Whether any sample from `offset` on is not exactly zero.
    func hasSound(from offset: Int, frames: Int) -> Bool {
        for channel in 0..<channels {
            let samples = channelPointers[channel]!
            for index in offset..<frames where samples[index] != 0 { return true }
        }
        return false
    }

    func add(_ other: PlanarBuffer, frames: Int) {
        for channel in 0..<channels {
            let target = channelPointers[channel]!, source = other.channelPointers[channel]!
            for index in 0..<frames { target[index] += source[index] }
        }
    }

    /// Adds `other` scaled by a gain that moves linearly from `start` to `end`
    /// across the block (a constant gain when they are equal).
    func add(_ other: PlanarBuffer, frames: Int, gainFrom start: Float, to end: Float) {
        guard start != 0 || end != 0 else { return }
        let step = (end - start) / Float(max(1, frames))
        for channel in 0..<channels {
            let target = channelPointers[channel]!, source = other.channelPointers[channel]!
            if start == end {
                for index in 0..<frames { target[index] += start * source[index] }
            } else {
                for index in 0..<frames { target[index] += (start + step * Float(index + 1)) * source[index] }
            }
        }
    }

    /// Adds interleaved `source` (`channels` of them) with a gain ramp as
    /// above: a mono source goes to every channel, otherwise channel to
    /// channel as far as both have them.
    func add(interleaved source: UnsafePointer<Float>, channels sourceChannels: Int, frames: Int, gainFrom start: Float, to end: Float) {
        guard start != 0 || end != 0 else { return }
        let step = (end - start) / Float(max(1, frames))
        for channel in 0..<channels {
            guard sourceChannels == 1 || channel < sourceChannels else { break }
            let target = channelPointers[channel]!, from = sourceChannels == 1 ? 0 : channel
            for index in 0..<frames { target[index] += (start + step * Float(index + 1)) * source[index * sourceChannels + from] }
        }
    }

    /// Takes `frames` interleaved frames of this buffer's channel count, channel by channel.
    func deinterleave(from source: UnsafePointer<Float>, frames: Int) {
        for channel in 0..<channels {
            let target = channelPointers[channel]!
            for index in 0..<frames { target[index] = source[index * channels + channel] }
        }
    }

    func interleave(into target: UnsafeMutablePointer<Float>, frames: Int) {
        for channel in 0..<channels {
            let source = channelPointers[channel]!
            for index in 0..<frames { target[index * channels + channel] = source[index] }
        }
    }
}
