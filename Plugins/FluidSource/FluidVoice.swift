import CFluidSynth
import Glibc
import PeachFluidCore

/// One note at a time, on a FluidSynth synth of its own.
///
/// FluidSynth 2.3 plays whole cents only (it floors every voice's pitch), so a
/// note is split three ways: the nearest key, whole cents of tuning (coarse
/// and fine) that FluidSynth plays exactly, and the remaining fraction of a cent, which this
/// voice adds by reading the synth's output a little faster through
/// `SincKernel` (a ratio between 1 and 1.00058). A synth per voice lets every
/// sounding note have its own fraction.
///
/// [audio-thread] for everything but `init` and `destroy`: nothing here allocates or locks.
struct FluidVoice {
    enum Stage { case idle, sounding, released }

    /// MIDI velocity for every note: sample choice and calibration must not
    /// depend on loudness, so the host's velocity scales the output instead.
    static let midiVelocity: Int32 = 100

    private(set) var stage = Stage.idle
    private(set) var noteID: Int32 = -1
    private(set) var startOrder: UInt64 = 0
    private var key: Int32 = 0
    private let synth: OpaquePointer
    /// The preset the synth has selected.
    private var timbre: UnsafePointer<Timbre>?

    // The synth's output, stereo, in a ring indexed by input frame since the
    // note began. `taps` extra frames mirror the start so that every
    // interpolation reads one contiguous run.
    /// Room for the synth's FluidSynth voices, to reach those of the note just started.
    private let fluidVoices: UnsafeMutablePointer<OpaquePointer?>
    private let left: UnsafeMutablePointer<Float>
    private let right: UnsafeMutablePointer<Float>
    private let mask: Int
    /// Input frames rendered since the note began.
    private var written = 0
    /// Frames ever taken from the synth, to keep its 64-frame blocks aligned with note starts.
    private var consumed = 0
    /// Output frames rendered since the note began. Frame n reads the input at
    /// n·ratio, computed afresh each time: a position summed block by block
    /// would round differently for a note that starts elsewhere in a block, and
    /// the same note would not sound bit for bit alike at every start.
    private var outputFrames = 0
    private var ratio = 1.0

    private var amplitude: Float = 0
    private var stageFrame = 0
    /// Envelope level at the last rendered frame; a release fades from here.
    private var level: Float = 0
    private var fadeFrom: Float = 0
    private var fadeFrames = 1

    /// [main-thread] A voice on a new synth that borrows `font`.
    init(settings: OpaquePointer, font: LoadedFont, timbre: UnsafePointer<Timbre>, maxFrames: Int) throws(FluidError) {
        guard let synth = fluidSynth.new_fluid_synth(settings) else { throw .rejectedByFluidSynth(path: font.file.path, reason: "cannot create a synthesizer") }
        _ = fluidSynth.fluid_synth_add_sfont(synth, font.sfont)
        self.synth = synth
        var capacity = 1
        while capacity < maxFrames + maxFrames / 512 + 2 * SincKernel.taps { capacity *= 2 }
        mask = capacity - 1
        fluidVoices = .allocate(capacity: FluidSettings.polyphony)
        fluidVoices.initialize(repeating: nil, count: FluidSettings.polyphony)
        left = .allocate(capacity: capacity + SincKernel.taps)
        right = .allocate(capacity: capacity + SincKernel.taps)
        left.initialize(repeating: 0, count: capacity + SincKernel.taps)
        right.initialize(repeating: 0, count: capacity + SincKernel.taps)
        guard select(timbre, fontName: font.fluidName) else {
            destroy(font: font)
            throw .noPreset(font: font.file.path, bank: Int(timbre.pointee.bank), program: Int(timbre.pointee.program))
        }
    }

    /// [main-thread] Frees the synth (after handing back the font, which outlives it) and the ring.
    func destroy(font: LoadedFont) {
        _ = fluidSynth.fluid_synth_remove_sfont(synth, font.sfont)
        fluidSynth.delete_fluid_synth(synth)
        fluidVoices.deallocate()
        left.deallocate()
        right.deallocate()
    }

    private mutating func select(_ timbre: UnsafePointer<Timbre>, fontName: UnsafePointer<CChar>) -> Bool {
        guard fluidSynth.fluid_synth_program_select_by_sfont_name(synth, 0, fontName, timbre.pointee.bank, timbre.pointee.program) == FLUID_OK else {
            return false
        }
        self.timbre = timbre
        return true
    }

    // MARK: Notes

    /// A shift in cents as FluidSynth and this voice play it: whole cents for
    /// FluidSynth, the rest of the cent as a reading ratio (1 to 1.00058).
    static func tuning(shift: Double) -> (cents: Int, ratio: Double) {
        let cents = shift.rounded(.down)
        return (Int(cents), pow(2, (shift - cents) / 1200))
    }

    /// Starts `key` moved by `cents` whole cents (played by FluidSynth) and
    /// read at `ratio` (the fraction of a cent, played here).
    mutating func start(noteID: Int32, key: Int32, cents: Int, ratio: Double, amplitude: Float, order: UInt64,
                        timbre: UnsafePointer<Timbre>, fontName: UnsafePointer<CChar>) {
        if self.timbre != timbre { _ = select(timbre, fontName: fontName) }
        // Coarse tuning takes whole semitones, fine tuning the rest: fine tuning alone stops at ±99 cents.
        let semitones = (Double(cents) / 100).rounded()
        _ = fluidSynth.fluid_synth_set_gen(synth, 0, Int32(GEN_COARSETUNE.rawValue), Float(semitones))
        _ = fluidSynth.fluid_synth_set_gen(synth, 0, Int32(GEN_FINETUNE.rawValue), Float(Double(cents) - 100 * semitones))
        // FluidSynth applies a note-on at its next 64-frame block: finish the
        // current one, so the note starts at input frame 0, and render one
        // more, in which FluidSynth lets go of the voices of the note before
        // (one reused sooner keeps a trace of its filter state, 60 dB down,
        // and no two notes would sound exactly alike).
        let flush = (64 - consumed % 64) % 64 + 64
        _ = fluidSynth.fluid_synth_write_float(synth, Int32(flush), left, 0, 1, right, 0, 1)
        consumed += flush
        _ = fluidSynth.fluid_synth_noteon(synth, 0, key, Self.midiVelocity)
        holdPitchSteady()
        self.key = key
        // Silence before the note, for the interpolation's first frames.
        (left + mask + 1 - SincKernel.before).update(repeating: 0, count: SincKernel.before)
        (right + mask + 1 - SincKernel.before).update(repeating: 0, count: SincKernel.before)
        written = 0
        outputFrames = 0
        self.ratio = ratio
        self.noteID = noteID
        self.amplitude = amplitude
        startOrder = order
        stage = .sounding
        stageFrame = 0
        level = 0
    }

    /// The SoundFont's pitch envelope and pitch LFOs, which bend a note away
    /// from the pitch asked (a vibrato starting after 350 ms, a slide from
    /// below), are set to nothing in the voices the note-on just started.
    private func holdPitchSteady() {
        fluidSynth.fluid_synth_get_voicelist(synth, fluidVoices, Int32(FluidSettings.polyphony), -1)
        for index in 0..<FluidSettings.polyphony {
            guard let voice = fluidVoices[index] else { break }
            // Three calls, not a loop over a static array: its first use would allocate on the audio thread.
            Self.zero(GEN_MODENVTOPITCH, of: voice)
            Self.zero(GEN_MODLFOTOPITCH, of: voice)
            Self.zero(GEN_VIBLFOTOPITCH, of: voice)
        }
        // FluidSynth queues those changes and hands them to its renderer when
        // an API call returns; this one does nothing else.
        _ = fluidSynth.fluid_synth_get_active_voice_count(synth)
    }

    private static func zero(_ generator: fluid_gen_type, of voice: OpaquePointer) {
        fluidSynth.fluid_voice_gen_set(voice, Int32(generator.rawValue), 0)
        fluidSynth.fluid_voice_update_param(voice, Int32(generator.rawValue))
    }

    /// Lets the note go: FluidSynth's own release, faded to nothing within `frames` at the latest.
    mutating func release(within frames: Int) {
        switch stage {
        case .idle:
            return
        case .sounding:
            _ = fluidSynth.fluid_synth_noteoff(synth, 0, key)
            fadeFrames = max(1, frames)
        case .released:
            // Already fading: only ever shorten what remains.
            fadeFrames = max(1, min(fadeFrames - stageFrame, frames))
        }
        fadeFrom = level
        stage = .released
        stageFrame = 0
    }

    /// Silences the synth at once; only for a voice whose output has already faded.
    mutating func stop() {
        _ = fluidSynth.fluid_synth_all_sounds_off(synth, 0)
        stage = .idle
        noteID = -1
    }

    // MARK: Rendering

    /// Adds `count` frames of this voice to `output` (left, and right unless
    /// nil, when the two are mixed into `output` alone).
    mutating func render(into output: UnsafeMutablePointer<Float>, right outputRight: UnsafeMutablePointer<Float>?, count: Int,
                         attackFrames: Int, tracksEffectTails: Bool) {
        guard stage != .idle, count > 0 else { return }
        let last = Double(outputFrames + count - 1) * ratio
        fill(through: Int(last) + SincKernel.taps - SincKernel.before)
        var peak: Float = 0
        for frame in 0..<count {
            let at = Double(outputFrames + frame) * ratio
            let base = Int(at)
            let start = (base - SincKernel.before) & mask
            let (sumLeft, sumRight) = SincKernel.interpolate(left + start, right + start, fraction: at - Double(base))
            let gain = envelope(attackFrames: attackFrames) * amplitude
            if let outputRight {
                output[frame] += gain * sumLeft
                outputRight[frame] += gain * sumRight
            } else {
                output[frame] += gain * 0.5 * (sumLeft + sumRight)
            }
            peak = max(peak, abs(sumLeft), abs(sumRight))
            stageFrame += 1
            if stage == .idle { break }
        }
        outputFrames += count
        if stage == .idle {
            _ = fluidSynth.fluid_synth_all_sounds_off(synth, 0)
        } else if fluidSynth.fluid_synth_get_active_voice_count(synth) == 0, !tracksEffectTails || peak < 1e-6 {
            // Every FluidSynth voice has ended (and with reverb or chorus on, their tails too).
            stop()
        }
    }

    /// The envelope at the current frame: a raised-cosine start, and after a
    /// release a raised-cosine fade from the level reached.
    private mutating func envelope(attackFrames: Int) -> Float {
        switch stage {
        case .sounding where stageFrame < attackFrames:
            level = 0.5 - 0.5 * cosf(Float.pi * Float(stageFrame) / Float(attackFrames))
        case .sounding:
            level = 1
        case .released where stageFrame >= fadeFrames:
            level = 0
            stage = .idle
            noteID = -1
        case .released:
            level = fadeFrom * (0.5 + 0.5 * cosf(Float.pi * Float(stageFrame) / Float(fadeFrames)))
        case .idle:
            level = 0
        }
        return level
    }

    /// Renders the synth's output up to input frame `frame` (inclusive).
    private mutating func fill(through frame: Int) {
        while written <= frame {
            let at = written & mask
            let chunk = min(frame + 1 - written, mask + 1 - at)
            _ = fluidSynth.fluid_synth_write_float(synth, Int32(chunk), left, Int32(at), 1, right, Int32(at), 1)
            if at < SincKernel.taps {
                let mirrored = min(chunk, SincKernel.taps - at)
                (left + mask + 1 + at).update(from: left + at, count: mirrored)
                (right + mask + 1 + at).update(from: right + at, count: mirrored)
            }
            written += chunk
            consumed += chunk
        }
    }
}
