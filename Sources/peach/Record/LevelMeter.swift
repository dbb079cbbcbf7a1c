import Glibc

/// How loud the input is, for the recorder's meter: the peak of what came
/// last, a peak held for a while, and clipping (a sample at full scale),
/// counted in bursts so it can be said once each. Time is the audio's own
/// (frames), so what it shows follows what was recorded.
struct LevelMeter {
    let sampleRate: Double

    init(sampleRate: Double) { self.sampleRate = sampleRate }

    /// The peak of the samples taken last, 0…1.
    private(set) var level: Float = 0
    private(set) var held: Float = 0
    private var heldUntil: Int64 = 0
    private var lastClip: Int64?
    private var frame: Int64 = 0

    /// A sample this close to full scale clipped (an integer input's largest value is 0.99997).
    static let clipLevel: Float = 0.999
    /// How long the peak is held, and how long without clipping ends a burst: seconds.
    static let holdSeconds = 1.5, burstSeconds = 2.0

    /// Takes the next samples (interleaved, `channels`); true when they start a burst of clipping.
    mutating func take(_ samples: UnsafeBufferPointer<Float>, channels: Int) -> Bool {
        guard !samples.isEmpty else { return false }
        var peak: Float = 0
        var clipAt: Int?
        for (index, sample) in samples.enumerated() {
            let size = abs(sample)
            peak = max(peak, size)
            if size >= Self.clipLevel { clipAt = index / channels }
        }
        let wasClipping = clipping
        frame += Int64(samples.count / channels)
        level = peak
        if peak >= held || frame > heldUntil { (held, heldUntil) = (peak, frame + Int64(Self.holdSeconds * sampleRate)) }
        guard let clipAt else { return false }
        lastClip = frame - Int64(samples.count / channels - clipAt)
        return !wasClipping
    }

    /// Whether the input clipped within the last burst's length.
    var clipping: Bool {
        guard let lastClip else { return false }
        return frame - lastClip <= Int64(Self.burstSeconds * sampleRate)
    }

    /// A level in decibels below full scale; nil for silence.
    static func decibels(_ level: Float) -> Double? {
        level > 0 ? 20 * log10(Double(level)) : nil
    }
}
