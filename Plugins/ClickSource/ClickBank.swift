/// The clicks rendered at the instance's sample rate, by MIDI key: made at
/// activate, so that `process` only reads them. Rendering them ahead also
/// makes every click of a key the same, sample for sample.
final class ClickBank {
    /// One rendered click.
    struct Click {
        let samples: UnsafePointer<Float>
        let frames: Int
    }

    private static let keyCount = 128
    /// Nil for a key without a click.
    private let byKey: UnsafeMutablePointer<Click?>

    /// [main-thread]
    init(sampleRate: Double) {
        byKey = .allocate(capacity: Self.keyCount)
        byKey.initialize(repeating: nil, count: Self.keyCount)
        for sound in ClickSound.allCases {
            let rendered = sound.render(sampleRate: sampleRate)
            let samples = UnsafeMutablePointer<Float>.allocate(capacity: rendered.count)
            samples.initialize(from: rendered, count: rendered.count)
            byKey[sound.key] = Click(samples: samples, frames: rendered.count)
        }
    }

    deinit {
        for key in 0..<Self.keyCount {
            if let click = byKey[key] { UnsafeMutablePointer(mutating: click.samples).deallocate() }
        }
        byKey.deallocate()
    }

    /// [audio-thread] The click on `key`, nil if there is none.
    subscript(key: Int) -> Click? {
        key >= 0 && key < Self.keyCount ? byKey[key] : nil
    }
}
