import Glibc

/// One voice: a sample played once from its first frame at a fixed level,
/// and, when the voice was taken for a new note while the old one still
/// sounded, the old one fading out beside it, so that neither clicks.
struct SampleVoice {
    private var current = Playing()
    private var fading = Playing()
    /// Orders voices by age, for taking the oldest when all are busy.
    private(set) var startOrder: UInt64 = 0

    /// Whether a new note would cut nothing off (a fading tail plays on).
    var isFree: Bool { current.isIdle }
    var isSounding: Bool { !current.isIdle || !fading.isIdle }

    /// Starts `sound` at `level`; a sound still playing here fades out over `fadeFrames`.
    mutating func start(_ sound: SampleSound, level: Float, order: UInt64, fadeFrames: Int) {
        if !current.isIdle {
            fading = current
            fading.fadeOut(over: fadeFrames)
        }
        current = Playing(sound: sound, level: level)
        startOrder = order
    }

    /// Fades whatever sounds out over `frames` (all notes off).
    mutating func fadeOut(over frames: Int) {
        current.fadeOut(over: frames)
        fading.fadeOut(over: frames)
    }

    /// Adds `count` frames of this voice into `left` and, for a stereo output, `right`.
    mutating func render(into left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>?, count: Int) {
        current.render(into: left, right, count: count)
        fading.render(into: left, right, count: count)
    }

    /// One sample on its way through its frames.
    private struct Playing {
        private var sound: SampleSound?
        private var position = 0
        private var level: Float = 0
        /// While fading out: frames done of `fadeFrames`; 0 frames means no fade.
        private var fadeDone = 0
        private var fadeFrames = 0

        init() {}

        init(sound: SampleSound, level: Float) {
            self.sound = sound
            self.level = level
        }

        var isIdle: Bool { sound == nil }

        /// A raised-cosine fade to 0 over `frames`, unless one is already under way.
        mutating func fadeOut(over frames: Int) {
            guard sound != nil, fadeFrames == 0 else { return }
            fadeFrames = max(1, frames)
            fadeDone = 0
        }

        mutating func render(into left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>?, count: Int) {
            guard let sound else { return }
            var frame = 0
            while frame < count, position < sound.frames, fadeFrames == 0 || fadeDone < fadeFrames {
                var gain = level
                if fadeFrames > 0 {
                    gain *= Float(0.5 + 0.5 * cos(Double.pi * Double(fadeDone + 1) / Double(fadeFrames + 1)))
                    fadeDone += 1
                }
                left[frame] += sound.left[position] * gain
                right?[frame] += sound.right[position] * gain
                position += 1
                frame += 1
            }
            if position >= sound.frames || fadeFrames > 0 && fadeDone >= fadeFrames { self = Playing() }
        }
    }
}
