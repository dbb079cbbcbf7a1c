import Glibc

/// One voice: a rendered click played from its first frame at a fixed level,
/// and, when the voice was taken for a new click while the old one still
/// sounded, the old one fading out beside it, so that neither clicks.
struct ClickVoice {
    private var current = Playing()
    private var fading = Playing()
    /// Orders voices by age, for taking the oldest when all are busy.
    private(set) var startOrder: UInt64 = 0

    /// Whether a new click would cut nothing off (a fading tail plays on).
    var isFree: Bool { current.isIdle }
    var isSounding: Bool { !current.isIdle || !fading.isIdle }

    /// Starts `click` at `level`; a click still sounding here fades out over `fadeFrames`.
    mutating func start(_ click: ClickBank.Click, level: Float, order: UInt64, fadeFrames: Int) {
        if !current.isIdle {
            fading = current
            fading.fadeOut(over: fadeFrames)
        }
        current = Playing(click: click, level: level)
        startOrder = order
    }

    /// Fades whatever sounds out over `frames` (all notes off).
    mutating func fadeOut(over frames: Int) {
        current.fadeOut(over: frames)
        fading.fadeOut(over: frames)
    }

    /// Adds `count` frames of this voice into `output`.
    mutating func render(into output: UnsafeMutablePointer<Float>, count: Int) {
        current.render(into: output, count: count)
        fading.render(into: output, count: count)
    }

    /// One click on its way through its samples.
    private struct Playing {
        private var click: ClickBank.Click?
        private var position = 0
        private var level: Float = 0
        /// While fading out: frames done of `fadeFrames`; 0 frames means no fade.
        private var fadeDone = 0
        private var fadeFrames = 0

        init() {}

        init(click: ClickBank.Click, level: Float) {
            self.click = click
            self.level = level
        }

        var isIdle: Bool { click == nil }

        /// A raised-cosine fade to 0 over `frames`, unless one is already under way.
        mutating func fadeOut(over frames: Int) {
            guard click != nil, fadeFrames == 0 else { return }
            fadeFrames = max(1, frames)
            fadeDone = 0
        }

        mutating func render(into output: UnsafeMutablePointer<Float>, count: Int) {
            guard let click else { return }
            var frame = 0
            while frame < count, position < click.frames, fadeFrames == 0 || fadeDone < fadeFrames {
                var gain = level
                if fadeFrames > 0 {
                    gain *= Float(0.5 + 0.5 * cos(Double.pi * Double(fadeDone + 1) / Double(fadeFrames + 1)))
                    fadeDone += 1
                }
                output[frame] += click.samples[position] * gain
                position += 1
                frame += 1
            }
            if position >= click.frames || fadeFrames > 0 && fadeDone >= fadeFrames { self = Playing() }
        }
    }
}
