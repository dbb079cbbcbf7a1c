import CFluidSynth
import Glibc
import PeachFluidCore
import PeachPluginAPI

/// An active instance's rendering state: a fixed set of voices, each with its
/// own synth borrowing the shared font, and the buffers `process` needs.
/// Made in `activate`, freed in `deactivate`; in between, `process` is the
/// only caller and it neither allocates nor locks.
///
/// It plays an instrument's notes at their pitch, or a drum kit's as
/// percussion keys: every timbre of one instance is of one kind.
final class FluidPlayer {
    /// Notes that may sound at once, release tails included.
    static let voiceCount = 16
    private static let attackSeconds = 0.005
    /// ALL_NOTES_OFF fades everything within this time: a replaced source must fall silent quickly.
    private static let allNotesOffSeconds = 0.2
    /// A voice taken for a new note while still sounding is faded out over this time.
    private static let stealSeconds = 0.005
    /// An instrument's level from FluidSynth (at `synth.gain` 1) times this, times gain and velocity, is what the host hears.
    private static let instrumentLevel: Float = 2
    /// A kit's level from FluidSynth at the note's MIDI velocity times this, times gain.
    private static let kitLevel: Float = 1
    /// How far from its predecessor's key a pair's second note may be and still be played from that key:
    /// Peach's widest pairs (300 cents) from a first note up to 50 cents off its key.
    private static let pairCents = 350.0
    /// A note starting within this time of its predecessor's end counts as the second note of a pair.
    private static let pairGapSeconds = 1.0

    private let font: LoadedFont
    private let settings: OpaquePointer
    private let voices: UnsafeMutablePointer<FluidVoice>
    private let sampleRate: Double
    private let gain: Double
    private let playsDrumKit: Bool
    /// With reverb or chorus on, a voice sounds on after FluidSynth's voices end.
    private let tracksEffectTails: Bool
    private let attackFrames, releaseFrames, allNotesOffFrames, stealFrames: Int
    private var startCounter: UInt64 = 0
    /// The last note that took the key nearest its own pitch, its instrument,
    /// and the frame it was let go (nil while it is held): the next note may be its pair.
    private var pairAnchor: (noteID: Int32, key: Int, timbre: UnsafePointer<Timbre>, releasedAt: Int64?)?
    /// The instrument new notes take; `process` updates it from the instance at each block.
    private var timbre: UnsafePointer<Timbre>
    /// A note refused because its key has no pitch the calibration could
    /// measure (-1: none): `process` then reports an error, never a wrong pitch.
    private(set) var refused: (program: Int32, key: Int32) = (-1, -1)
    /// A drum kit's refusals, which the host hears of and plays on.
    private let refusals = NoteRefusals()

    // Stolen voices' last few milliseconds, still to be mixed in.
    private let tailLeft, tailRight: UnsafeMutablePointer<Float>
    private var tailRead = 0
    private var tailRemaining = 0

    /// [main-thread]
    init(font: LoadedFont, timbre: UnsafePointer<Timbre>, options: FluidOptions, sampleRate: Double, maxFrames: Int) throws(FluidError) {
        self.font = font
        self.timbre = timbre
        self.sampleRate = sampleRate
        gain = options.gain
        playsDrumKit = timbre.pointee.isDrumKit
        tracksEffectTails = options.reverb || options.chorus
        _ = SincKernel.table  // built here, not on the audio thread
        // A hit keeps the kit's own attack: a ramp would soften it.
        attackFrames = playsDrumKit ? 0 : max(1, Int(Self.attackSeconds * sampleRate))
        releaseFrames = max(1, Int(options.releaseMilliseconds / 1000 * sampleRate))
        allNotesOffFrames = min(releaseFrames, Int(Self.allNotesOffSeconds * sampleRate))
        stealFrames = max(1, Int(Self.stealSeconds * sampleRate))
        settings = FluidSettings.make(sampleRate: sampleRate, reverb: options.reverb, chorus: options.chorus)
        voices = .allocate(capacity: Self.voiceCount)
        tailLeft = .allocate(capacity: stealFrames)
        tailRight = .allocate(capacity: stealFrames)
        // A stolen voice renders its whole fade at once (`voiceForNewNote`): at small blocks, more than a block.
        let voiceFrames = max(maxFrames, stealFrames)
        var made = 0
        do {
            while made < Self.voiceCount {
                (voices + made).initialize(to: try FluidVoice(settings: settings, font: font, timbre: timbre, maxFrames: voiceFrames))
                made += 1
            }
        } catch {
            for index in 0..<made { voices[index].destroy(font: font) }
            free(made: made)
            throw error
        }
    }

    deinit {
        for index in 0..<Self.voiceCount { voices[index].destroy(font: font) }
        free(made: Self.voiceCount)
    }

    private func free(made: Int) {
        voices.deinitialize(count: made)
        voices.deallocate()
        fluidSynth.delete_fluid_settings(settings)
        tailLeft.deallocate()
        tailRight.deallocate()
    }

    // MARK: Rendering [audio-thread]: no allocation, no locks

    func process(_ process: UnsafePointer<peach_process>, timbre: UnsafePointer<Timbre>) -> peach_process_status {
        let block = process.pointee
        guard let outputs = block.outputs, block.channel_count > 0, let left = outputs[0] else { return PEACH_PROCESS_ERROR }
        self.timbre = timbre
        let frames = Int(block.frame_count)
        // Two channels get FluidSynth's stereo; one gets both mixed; any further channels stay silent.
        let right = block.channel_count > 1 ? outputs[1] : nil
        for channel in 0..<Int(block.channel_count) { outputs[channel]?.update(repeating: 0, count: frames) }

        var rendered = 0
        for index in 0..<Int(block.event_count) {
            guard let header = block.events[index] else { continue }
            let offset = min(Int(header.pointee.offset), frames)
            render(left, right, from: rendered, to: offset)
            rendered = max(rendered, offset)
            apply(header, at: block.steady_time + Int64(offset), stereo: right != nil, process: process)
        }
        render(left, right, from: rendered, to: frames)

        if refused.key >= 0 { return PEACH_PROCESS_ERROR }
        var sounding = tailRemaining > 0
        for index in 0..<Self.voiceCount where voices[index].stage != .idle { sounding = true }
        return sounding ? PEACH_PROCESS_CONTINUE : PEACH_PROCESS_SILENT
    }

    /// Frames `start..<end` of every voice and of the stolen tails. (A method,
    /// not a closure: a capturing closure would allocate.)
    private func render(_ left: UnsafeMutablePointer<Float>, _ right: UnsafeMutablePointer<Float>?, from start: Int, to end: Int) {
        guard end > start else { return }
        for index in 0..<Self.voiceCount {
            voices[index].render(into: left + start, right: right.map { $0 + start }, count: end - start,
                                 attackFrames: attackFrames, tracksEffectTails: tracksEffectTails)
        }
        let tail = min(tailRemaining, end - start)
        for frame in 0..<tail {
            left[start + frame] += tailLeft[tailRead + frame]
            right?[start + frame] += tailRight[tailRead + frame]
        }
        tailRead += tail
        tailRemaining -= tail
    }

    private func apply(_ header: UnsafePointer<peach_event_header>, at frame: Int64, stereo: Bool, process: UnsafePointer<peach_process>) {
        if header.pointee.type == PEACH_EVENT_ALL_NOTES_OFF {
            for index in 0..<Self.voiceCount { voices[index].release(within: allNotesOffFrames) }
            pairAnchor = nil
            return
        }
        guard header.pointee.size >= MemoryLayout<peach_event_note>.size else { return }
        let note = UnsafeRawPointer(header).load(as: peach_event_note.self)
        switch Int32(header.pointee.type) {
        case PEACH_EVENT_NOTE_ON where playsDrumKit:
            strike(note, stereo: stereo, process: process)
        case PEACH_EVENT_NOTE_ON:
            start(note, at: frame, stereo: stereo)
        case PEACH_EVENT_NOTE_OFF where playsDrumKit:
            // Hits ring out, as on a General MIDI drum channel: the metronome lets go of its clicks 30 ms in.
            break
        case PEACH_EVENT_NOTE_OFF:
            for index in 0..<Self.voiceCount where voices[index].noteID == note.note_id { voices[index].release(within: releaseFrames) }
            if pairAnchor?.noteID == note.note_id { pairAnchor?.releasedAt = frame }
        default:
            break
        }
    }

    /// Splits the note's pitch into a key, whole cents for FluidSynth and a
    /// fraction of a cent for the resampler, correcting the key's measured
    /// offset on the way.
    ///
    /// A note that follows its predecessor closely (a pair's second note) is
    /// played from the predecessor's key, in the predecessor's instrument, when
    /// within `pairCents` of it: the same sample, moved by an exact ratio, so
    /// the pair's interval does not depend on how well two samples were
    /// calibrated against each other (a sample's pitch may wander by a cent or
    /// more over its length), and a program change can never split a pair.
    private func start(_ note: peach_event_note, at frame: Int64, stereo: Bool) {
        guard note.frequency_hz > 0, note.frequency_hz < sampleRate / 2 else { return }
        let pitch = Self.pitch(of: note.frequency_hz)
        var key = Self.key(nearest: pitch)
        var timbre = self.timbre
        if let anchor = pairAnchor, abs(pitch - Double(100 * anchor.key)) <= Self.pairCents,
           frame - (anchor.releasedAt ?? frame) <= Int64(Self.pairGapSeconds * sampleRate) {
            key = anchor.key
            timbre = anchor.timbre
            pairAnchor = nil  // the note after this one starts a new pair
        } else if timbre.pointee.keyOffsets[key].isNaN {
            refused = (timbre.pointee.program, Int32(key))
            pairAnchor = nil
            return
        } else {
            pairAnchor = (note.note_id, key, timbre, nil)
        }
        let shift = pitch - Double(100 * key) - timbre.pointee.keyOffsets[key]
        let tuning = FluidVoice.tuning(shift: shift)
        let amplitude = Float(gain * min(max(note.velocity, 0), 1)) * Self.instrumentLevel
        let index = voiceForNewNote(stereo: stereo)
        startCounter += 1
        voices[index].start(noteID: note.note_id, key: Int32(key), velocity: FluidVoice.midiVelocity, cents: tuning.cents, ratio: tuning.ratio,
                            amplitude: amplitude, order: startCounter, timbre: timbre, fontName: font.fluidName)
    }

    /// A drum kit's note: the percussion key nearest its frequency, untuned,
    /// at its velocity as MIDI velocity. A key the kit has no sound for, at
    /// that velocity, is refused with an event the host reports.
    private func strike(_ note: peach_event_note, stereo: Bool, process: UnsafePointer<peach_process>) {
        guard note.frequency_hz > 0, note.frequency_hz.isFinite else { return }
        let key = Self.key(nearest: Self.pitch(of: note.frequency_hz))
        guard !timbre.pointee.keyOffsets[key].isNaN else {
            refusals.refuse(note, key: Int32(key), kit: timbre, in: process)
            return
        }
        let velocity = Int32(max(1, (min(max(note.velocity, 0), 1) * 127).rounded()))
        let index = voiceForNewNote(stereo: stereo)
        startCounter += 1
        guard voices[index].start(noteID: note.note_id, key: Int32(key), velocity: velocity, cents: 0, ratio: 1, amplitude: Float(gain) * Self.kitLevel,
                                  order: startCounter, timbre: timbre, fontName: font.fluidName) else {
            refusals.refuse(note, key: Int32(key), kit: timbre, in: process)
            return
        }
        // FluidSynth stops the hits of a key's exclusive class within one synth; here each hit has a synth of its own.
        let exclusiveClass = voices[index].exclusiveClass
        guard exclusiveClass != 0 else { return }
        for other in 0..<Self.voiceCount where other != index && voices[other].exclusiveClass == exclusiveClass {
            voices[other].release(within: stealFrames)
        }
    }

    /// Cents above MIDI note 0, on FluidSynth's scale (A4 = 440 Hz = 6900).
    private static func pitch(of frequency: Double) -> Double {
        6900 + 1200 * log2(frequency / 440)
    }

    private static func key(nearest pitch: Double) -> Int {
        min(127, max(0, Int((pitch / 100).rounded())))
    }

    /// An idle voice; else the longest-released one, else the oldest, whose
    /// last few milliseconds go to the tail buffer, faded, so nothing clicks.
    private func voiceForNewNote(stereo: Bool) -> Int {
        var chosen = -1
        for index in 0..<Self.voiceCount {
            let voice = voices[index]
            if voice.stage == .idle { return index }
            if chosen < 0 { chosen = index; continue }
            let best = voices[chosen]
            let released = voice.stage == .released, bestReleased = best.stage == .released
            if released && !bestReleased || released == bestReleased && voice.startOrder < best.startOrder { chosen = index }
        }
        // Keep what is left of earlier tails, then add this one on top.
        memmove(tailLeft, tailLeft + tailRead, tailRemaining * MemoryLayout<Float>.size)
        memmove(tailRight, tailRight + tailRead, tailRemaining * MemoryLayout<Float>.size)
        (tailLeft + tailRemaining).update(repeating: 0, count: stealFrames - tailRemaining)
        (tailRight + tailRemaining).update(repeating: 0, count: stealFrames - tailRemaining)
        voices[chosen].release(within: stealFrames)
        voices[chosen].render(into: tailLeft, right: stereo ? tailRight : nil, count: stealFrames, attackFrames: attackFrames, tracksEffectTails: false)
        voices[chosen].stop()
        tailRead = 0
        tailRemaining = stealFrames
        return chosen
    }
}
