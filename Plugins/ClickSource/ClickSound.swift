import Glibc

/// The six clicks, each on its General MIDI percussion key. The metronome
/// plays a sound's accent key on the strong beat and its normal key on the
/// others (weaker beats at a lower velocity); the two differ in pitch,
/// brightness or length, not only in level.
///
/// Every click is at full level on its first frame: resonators start at
/// cosine phase, the beep at its full amplitude, a tick with the stick's hit.
/// Why: the metronome finds a click's onset as the first frame above a small
/// threshold and requires it on the frame it scheduled, exactly; a fade-in
/// would move that frame later by an amount that depends on the level. A
/// sharp attack is what a click is anyway. Each ends with a raised-cosine
/// fade that reaches 0 at its last frame, so its end does not click.
enum ClickSound: CaseIterable {
    case hiWoodBlock, lowWoodBlock, metronomeBell, metronomeClick, openHiHat, closedHiHat

    var key: Int {
        switch self {
        case .hiWoodBlock: 76
        case .lowWoodBlock: 77
        case .metronomeBell: 34
        case .metronomeClick: 33
        case .openHiHat: 46
        case .closedHiHat: 42
        }
    }

    /// What people call the pair of keys it belongs to.
    var family: String {
        switch self {
        case .hiWoodBlock, .lowWoodBlock: "woodblock"
        case .metronomeBell, .metronomeClick: "beep"
        case .openHiHat, .closedHiHat: "tick"
        }
    }

    /// "33, 34 (beep), 42, 46 (tick), 76, 77 (woodblock)": the keys with a click, for people.
    static var keysByFamily: String {
        let sounds = allCases.sorted { $0.key < $1.key }
        return sounds.enumerated().map { index, sound in
            index + 1 < sounds.count && sounds[index + 1].family == sound.family ? "\(sound.key)" : "\(sound.key) (\(sound.family))"
        }.joined(separator: ", ")
    }

    var isAccent: Bool { self == .hiWoodBlock || self == .metronomeBell || self == .openHiHat }

    /// How long it sounds; after this it is exact silence.
    var seconds: Double {
        switch self {
        case .hiWoodBlock: 0.045
        case .lowWoodBlock: 0.055
        case .metronomeBell: 0.035
        case .metronomeClick: 0.030
        case .openHiHat: 0.080
        case .closedHiHat: 0.025
        }
    }

    /// Its largest sample at velocity 1 and gain 1: loud enough to hear at once, with room for a few overlapping.
    var peak: Double { isAccent ? 0.7 : 0.6 }

    /// The sound at `sampleRate`: `seconds` long, its largest sample at `peak`.
    func render(sampleRate: Double) -> [Float] {
        let frames = max(1, Int((seconds * sampleRate).rounded()))
        var noise = NoiseGenerator(seed: UInt32(key))
        var samples: [Double]
        let fadeFrames: Int
        switch self {
        case .hiWoodBlock, .lowWoodBlock:
            samples = Self.woodBlock(frequency: self == .hiWoodBlock ? 1600 : 1100, frames: frames, sampleRate: sampleRate, noise: &noise)
            fadeFrames = frames / 4
        case .metronomeBell, .metronomeClick:
            samples = Self.beep(frequency: self == .metronomeBell ? 1760 : 880, frames: frames, sampleRate: sampleRate)
            fadeFrames = min(frames / 2, Int(0.010 * sampleRate))
        case .openHiHat, .closedHiHat:
            // The open hat all sizzle above 8 kHz; the closed one tighter, 4 to 10 kHz.
            samples = self == .openHiHat
                ? Self.hiHat(band: 8000...(sampleRate / 2), frames: frames, sampleRate: sampleRate, noise: &noise)
                : Self.hiHat(band: 4000...10_000, frames: frames, sampleRate: sampleRate, noise: &noise)
            fadeFrames = frames / 4
        }
        // Raised cosine from 1 at the fade's start to 0 one frame past the end.
        for step in 0..<fadeFrames {
            samples[frames - fadeFrames + step] *= 0.5 + 0.5 * cos(Double.pi * Double(step + 1) / Double(fadeFrames + 1))
        }
        let scale = peak / samples.reduce(0) { max($0, abs($1)) }
        return samples.map { Float($0 * scale) }
    }

    /// A struck block: its main mode and a higher, faster-dying one, both at
    /// cosine phase, over a burst of noise half a millisecond long (the strike).
    private static func woodBlock(frequency: Double, frames: Int, sampleRate: Double, noise: inout NoiseGenerator) -> [Double] {
        let length = Double(frames) / sampleRate
        return (0..<frames).map { frame in
            let time = Double(frame) / sampleRate
            return exp(-time / (length / 5)) * cos(2 * Double.pi * frequency * time)
                + 0.4 * exp(-time / (length / 10)) * cos(2 * Double.pi * 2.6 * frequency * time)
                + 0.3 * exp(-time / 0.0005) * noise.next()
        }
    }

    /// A pure tone at full level from its first frame (cosine phase).
    private static func beep(frequency: Double, frames: Int, sampleRate: Double) -> [Double] {
        (0..<frames).map { cos(2 * Double.pi * frequency * Double($0) / sampleRate) }
    }

    /// Noise filtered to `band`, dying away, led by the stick's hit: a
    /// quarter-millisecond ping at the band's low edge that outweighs the
    /// noise's first value (the filters pass at most the whole of it), so the
    /// first frame is never near 0. The low edge stays below 0.35 of the rate; a
    /// high edge at 0.45 of it or above is left open.
    private static func hiHat(band: ClosedRange<Double>, frames: Int, sampleRate: Double, noise: inout NoiseGenerator) -> [Double] {
        let length = Double(frames) / sampleRate
        let low = min(band.lowerBound, 0.35 * sampleRate)
        var highPass = Biquad.highPass(cutoff: low, sampleRate: sampleRate)
        var lowPass = band.upperBound < 0.45 * sampleRate ? Biquad.lowPass(cutoff: band.upperBound, sampleRate: sampleRate) : nil
        return (0..<frames).map { frame in
            let time = Double(frame) / sampleRate
            let hiss = highPass.filter(noise.next())
            return exp(-time / (length / 5)) * (lowPass?.filter(hiss) ?? hiss)
                + 1.5 * exp(-time / 0.00025) * cos(2 * Double.pi * low * time)
        }
    }
}
