import Glibc

/// One sounding sine note. The oscillator is a rotating phasor (four
/// multiplies a frame) re-anchored to an exact double-precision phase at the
/// start of every run, so the frequency is exact and rounding cannot drift.
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

    mutating func start(noteID: Int32, frequency: Double, amplitude: Double, sampleRate: Double, order: UInt64) {
        self = SineVoice()
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
            output[frame] += Float(amplitude * level * s)
            (c, s) = (c * rotationCos - s * rotationSin, s * rotationCos + c * rotationSin)
            stageFrame += 1
        }
        phase = (phase + increment * Double(count)).truncatingRemainder(dividingBy: 2 * Double.pi)
    }
}
