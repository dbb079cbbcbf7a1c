import Glibc

/// Keeps the mix within full scale. Tracks are summed with their gains, and
/// a drone, a fast metronome with accents and a loud source can together
/// pass 1, which a sound card's integers and a FLAC file clip hard.
///
/// A mix within the ceiling is passed on untouched, bit for bit: nothing a
/// tool measures (a pitch, a level, an onset frame) changes unless the sum
/// would clip. Above it the gain falls at once to what keeps that frame at
/// the ceiling (all channels alike, so the stereo image holds) and recovers
/// exponentially with a `releaseSeconds` time constant (to within 0.01 %,
/// where it is unity again and the mix bit for bit, in about half a second).
/// There is no look-ahead: a delay would move every
/// click and note off the frame it was scheduled at.
///
/// [the rendering thread] only; allocates and locks nothing.
final class MasterLimiter {
    /// Full scale: the integer conversion takes ±1 exactly, and a full-level
    /// click of 1 is no clip, so it is passed on as it is.
    static let ceiling: Float = 1
    /// The time constant of the gain's recovery after a peak: slow enough
    /// not to pump on every click of a fast metronome, quick enough to be
    /// inaudible by the next beat.
    static let releaseSeconds = 0.05

    private let channels: Int
    /// The share of the remaining distance to 1 the gain recovers each frame.
    private let releaseStep: Float
    private var gain: Float = 1

    init(channels: Int, sampleRate: Double) {
        self.channels = channels
        releaseStep = Float(1 - exp(-1 / (Self.releaseSeconds * sampleRate)))
    }

    /// Limits `frames` of `buffer` in place; returns how many frames it changed.
    func process(_ buffer: PlanarBuffer, frames: Int) -> Int {
        if gain == 1 && peak(buffer, from: 0, to: frames) <= Self.ceiling { return 0 }
        var changed = 0
        for index in 0..<frames {
            if gain < 1 {
                gain += (1 - gain) * releaseStep
                // Close enough to unity to be inaudible: snap to it, so the next quiet block is passed on exactly.
                if gain > 0.9999 { gain = 1 }
            }
            let framePeak = peak(buffer, from: index, to: index + 1)
            let applied = framePeak * gain > Self.ceiling ? Self.ceiling / framePeak : gain
            gain = applied
            guard applied < 1 else { continue }
            for channel in 0..<channels { buffer.channelPointers[channel]![index] *= applied }
            changed += 1
        }
        return changed
    }

    /// The largest magnitude of frames `start..<end` across the channels.
    private func peak(_ buffer: PlanarBuffer, from start: Int, to end: Int) -> Float {
        var peak: Float = 0
        for channel in 0..<channels {
            let samples = buffer.channelPointers[channel]!
            for index in start..<end { peak = max(peak, abs(samples[index])) }
        }
        return peak
    }
}
