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

    /// MIDI velocity for every instrument's note: sample choice and calibration
    /// must not depend on loudness, so the host's velocity scales the output
    /// instead. A drum kit takes the host's velocity as its MIDI velocity, as a drum machine would.
    static let midiVelocity: Int32 = 100

    private(set) var stage = Stage.idle
    private(set) var noteID: Int32 = -1
    private(set) var startOrder: UInt64 = 0
    /// A drum's exclusive class, as the kit sets it (0: none): a hit stops the others of its class, as a closed hi-hat stops an open one.
    private(set) var exclusiveClass: Int32 = 0
    private var key: Int32 = 0
    /// The FluidSynth channel of the note: the drums' for a kit.
    private var channel: Int32 = 0
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
    /// Once every FluidSynth voice of the note has ended: the input frame
    /// from which the ring holds only silence. The voice falls idle when its
    /// output gets there, at the same frame whatever the host's blocks.
    private var silentFrom: Int?
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

    /// [main-thread] A voice on a new synth that borrows `font`, asked for at most `maxFrames` frames at a time.
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
        guard fluidSynth.fluid_synth_program_select_by_sfont_name(synth, timbre.pointee.channel, fontName, timbre.pointee.bank,
                                                                   timbre.pointee.program) == FLUID_OK else {
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

    /// Starts `key` at MIDI `velocity`, moved by `cents` whole cents (played
    /// by FluidSynth) and read at `ratio` (the fraction of a cent, played
    /// here). Returns whether FluidSynth started anything: for a key or
    /// velocity the preset has no sound for it starts nothing, and the voice stays idle.
    @discardableResult
    mutating func start(noteID: Int32, key: Int32, velocity: Int32, cents: Int, ratio: Double, amplitude: Float, order: UInt64,
                        timbre: UnsafePointer<Timbre>, fontName: UnsafePointer<CChar>) -> Bool {
        if self.timbre != timbre { _ = select(timbre, fontName: fontName) }
        channel = timbre.pointee.channel
        // Coarse tuning takes whole semitones, fine tuning the rest: fine tuning alone stops at ±99 cents.
        let semitones = (Double(cents) / 100).rounded()
        _ = fluidSynth.fluid_synth_set_gen(synth, channel, Int32(GEN_COARSETUNE.rawValue), Float(semitones))
        _ = fluidSynth.fluid_synth_set_gen(synth, channel, Int32(GEN_FINETUNE.rawValue), Float(Double(cents) - 100 * semitones))
        // FluidSynth applies a note-on at its next 64-frame block: finish the
        // current one, so the note starts at input frame 0, and render one
        // more, in which FluidSynth lets go of the voices of the note before
        // (one reused sooner keeps a trace of its filter state, 60 dB down,
        // and no two notes would sound exactly alike).
        discard((64 - consumed % 64) % 64)
        if timbre.pointee.isDrumKit { settleOutputGains(key: key, velocity: velocity) }
        discard(64)
        _ = fluidSynth.fluid_synth_noteon(synth, channel, key, velocity)
        let started = listStartedVoices()
        guard started > 0 else {
            stop()
            return false
        }
        // An instrument's pitch is held steady; a drum's sweep is part of its sound.
        if timbre.pointee.isDrumKit {
            exclusiveClass = Int32(fluidSynth.fluid_voice_gen_get(fluidVoices[0], Int32(GEN_EXCLUSIVECLASS.rawValue)))
        } else {
            holdPitchSteady(started)
        }
        self.key = key
        // Silence before the note, for the interpolation's first frames.
        (left + mask + 1 - SincKernel.before).update(repeating: 0, count: SincKernel.before)
        (right + mask + 1 - SincKernel.before).update(repeating: 0, count: SincKernel.before)
        written = 0
        silentFrom = nil
        outputFrames = 0
        self.ratio = ratio
        self.noteID = noteID
        self.amplitude = amplitude
        startOrder = order
        stage = .sounding
        stageFrame = 0
        level = 0
        return true
    }

    /// FluidSynth moves a voice's output gains (its pan) to a new note's over
    /// the note's first 64 frames, from where the synth's last note left them
    /// (from nothing on a new synth). A kit pans each key its own way, so a
    /// hit would begin differently after another key, or as a voice's first.
    /// Sounding the key for one block at FluidSynth's least level (-144 dB)
    /// first leaves the gains where the hit wants them.
    private mutating func settleOutputGains(key: Int32, velocity: Int32) {
        _ = fluidSynth.fluid_synth_set_gen(synth, channel, Int32(GEN_ATTENUATION.rawValue), 1440)
        _ = fluidSynth.fluid_synth_noteon(synth, channel, key, velocity)
        discard(64)
        _ = fluidSynth.fluid_synth_all_sounds_off(synth, channel)
        _ = fluidSynth.fluid_synth_set_gen(synth, channel, Int32(GEN_ATTENUATION.rawValue), 0)
    }

    /// Renders `frames` (at most 127) of the synth that no one hears: the start of the ring, which the note then overwrites.
    private mutating func discard(_ frames: Int) {
        _ = fluidSynth.fluid_synth_write_float(synth, Int32(frames), left, 0, 1, right, 0, 1)
        consumed += frames
    }

    /// Lists the FluidSynth voices sounding in `fluidVoices` and counts them:
    /// after a note-on, the ones it started (the note before has let go of its own).
    private func listStartedVoices() -> Int {
        fluidVoices.update(repeating: nil, count: FluidSettings.polyphony)
        fluidSynth.fluid_synth_get_voicelist(synth, fluidVoices, Int32(FluidSettings.polyphony), -1)
        var count = 0
        while count < FluidSettings.polyphony, fluidVoices[count] != nil { count += 1 }
        return count
    }

    /// The SoundFont's pitch envelope and pitch LFOs, which bend a note away
    /// from the pitch asked (a vibrato starting after 350 ms, a slide from
    /// below), are set to nothing in the `count` voices the note-on just started.
    private func holdPitchSteady(_ count: Int) {
        for index in 0..<count {
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
            _ = fluidSynth.fluid_synth_noteoff(synth, channel, key)
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
        _ = fluidSynth.fluid_synth_all_sounds_off(synth, channel)
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
        fill(through: Int(last) + SincKernel.taps - SincKernel.before, tracksEffectTails: tracksEffectTails)
        var peak: Float = 0
        for frame in 0..<count {
            let at = Double(outputFrames + frame) * ratio
            if let silentFrom, at >= Double(silentFrom) {
                stage = .idle
                noteID = -1
                break
            }
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
            _ = fluidSynth.fluid_synth_all_sounds_off(synth, channel)
        } else if tracksEffectTails, fluidSynth.fluid_synth_get_active_voice_count(synth) == 0, peak < 1e-6 {
            // Every FluidSynth voice has ended, and the reverb's or chorus's tail too.
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

    /// Renders the synth's output up to input frame `frame` (inclusive), at
    /// most one of the synth's 64-frame blocks at a time, each aligned with the
    /// note's start: after each, the synth says whether the note's voices
    /// have all ended, so that the block where they did is found exactly.
    private mutating func fill(through frame: Int, tracksEffectTails: Bool) {
        while written <= frame {
            let at = written & mask
            let chunk = min(frame + 1 - written, mask + 1 - at, 64 - written % 64)
            _ = fluidSynth.fluid_synth_write_float(synth, Int32(chunk), left, Int32(at), 1, right, Int32(at), 1)
            if at < SincKernel.taps {
                let mirrored = min(chunk, SincKernel.taps - at)
                (left + mask + 1 + at).update(from: left + at, count: mirrored)
                (right + mask + 1 + at).update(from: right + at, count: mirrored)
            }
            written += chunk
            consumed += chunk
            if silentFrom == nil, !tracksEffectTails, fluidSynth.fluid_synth_get_active_voice_count(synth) == 0 {
                // The synth has rendered the whole block holding the last frame written: the note ended in it.
                // (With reverb or chorus on, their tails ring on: `render` waits for those.)
                silentFrom = (written + 63) / 64 * 64 + SincKernel.taps
            }
        }
    }
}
