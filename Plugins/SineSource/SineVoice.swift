import Glibc

/// One sounding sine note. The oscillator is a rotating phasor (four
/// multiplies a frame) re-anchored to an exact double-precision phase at the
/// start of every run, so the frequency is exact and rounding cannot drift.
/// With overtones, harmonics 2...8 are added from the same phasor (exact
/// multiples, so the pitch stays the fundamental's): an organ-like tone that
/// beats audibly against an instrument out of tune with it, as a drone should.
struct SineVoice {
    enum Stage { case idle, attack, sustain, release }

    private(set) var stage = Stage.idle
    private(set) var noteID: Int32 = -1
    /// Orders voices by age, for stealing the oldest when all are busy.
    private(set) var startOrder: UInt64 = 0
    private var amplitude = 0.0
    /// Phase in radians at the next frame to render, in [0, 2π).
    private var phase = 0.0
    private var increment = 0.0
    private var rotationCos = 1.0
    private var rotationSin = 0.0
    private var stageFrame = 0
    /// Envelope level at the last rendered frame; a release fades from here.
    private var level = 0.0
    private var releaseFrom = 0.0
    /// Harmonics sounded, the fundamental included: those below 0.45 of the sample rate (no aliasing), at most 8.
    private var harmonicCount = 1
    /// Scales so that the weights of the fundamental (1) and its overtones add up to 1.
    private var fundamentalWeight = 1.0
    private var overtoneScale = 0.0

    mutating func start(noteID: Int32, frequency: Double, amplitude: Double, sampleRate: Double, order: UInt64, overtones: Double) {
        self = SineVoice()
        harmonicCount = overtones > 0 ? max(1, min(8, Int(0.45 * sampleRate / frequency))) : 1
        // Plain loops and scalars: starting a note on the render thread allocates nothing, even unoptimised.
        var total = 1.0, n = 2
        while n <= harmonicCount {
            total += overtones * Self.organWeight(n)
            n += 1
        }
        fundamentalWeight = 1 / total
        overtoneScale = overtones / total
        self.noteID = noteID
        self.startOrder = order
        self.amplitude = amplitude
        increment = 2 * Double.pi * frequency / sampleRate
        rotationCos = cos(increment)
        rotationSin = sin(increment)
        stage = .attack
    }

    mutating func release() {
        guard stage == .attack || stage == .sustain else { return }
        releaseFrom = level
        stage = .release
        stageFrame = 0
    }

    /// Adds `count` frames of this voice into `output`.
    mutating func render(into output: UnsafeMutablePointer<Float>, count: Int, attackFrames: Int, releaseFrames: Int) {
        guard stage != .idle else { return }
        var c = cos(phase), s = sin(phase)
        for frame in 0..<count {
            switch stage {
            case .attack where stageFrame >= attackFrames:
                stage = .sustain
                level = 1
            case .attack:
                level = 0.5 - 0.5 * cos(Double.pi * Double(stageFrame) / Double(attackFrames))
            case .release where stageFrame >= releaseFrames:
                stage = .idle
                return
            case .release:
                level = releaseFrom * (0.5 + 0.5 * cos(Double.pi * Double(stageFrame) / Double(releaseFrames)))
            case .sustain, .idle:
                break
            }
            output[frame] += Float(amplitude * level * (harmonicCount == 1 ? s : tone(c, s)))
            (c, s) = (c * rotationCos - s * rotationSin, s * rotationCos + c * rotationSin)
            stageFrame += 1
        }
        phase = (phase + increment * Double(count)).truncatingRemainder(dividingBy: 2 * Double.pi)
    }

    /// Relative strength of harmonics 2...8 at full overtones: a soft organ registration.
    private static func organWeight(_ harmonic: Int) -> Double {
        switch harmonic {
        case 2: 0.5
        case 3: 0.35
        case 4: 0.25
        case 5: 0.18
        case 6: 0.12
        case 7: 0.08
        default: 0.06
        }
    }

    /// The fundamental and its harmonics at phase (cos, sin): sin(nφ) by Chebyshev's recurrence, no further sin calls.
    private func tone(_ c: Double, _ s: Double) -> Double {
        let twoC = 2 * c
        var previous = 0.0, current = s, sum = fundamentalWeight * s
        var n = 2
        while n <= harmonicCount {
            (previous, current) = (current, twoC * current - previous)
            sum += overtoneScale * Self.organWeight(n) * current
            n += 1
        }
        return sum
    }
}
