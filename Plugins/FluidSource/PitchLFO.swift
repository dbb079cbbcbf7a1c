import CFluidSynth

/// Vibrato off: a SoundFont may wobble the pitch of its notes with two LFOs,
/// which blurs the very thing Peach trains. This zeroes their pitch depth on
/// the voices a note-on just started (the samples' own vibrato stays).
enum PitchLFO {
    /// More voices than any one note of a General MIDI font starts.
    static let voiceListCapacity = 64

    /// [any thread that owns `synth`] Allocates nothing: `voiceList` is the caller's.
    static func remove(from synth: OpaquePointer, voiceList: UnsafeMutablePointer<OpaquePointer?>) {
        fluid_synth_get_voicelist(synth, voiceList, Int32(voiceListCapacity), -1)
        for index in 0..<voiceListCapacity {
            guard let voice = voiceList[index] else { break }
            // Two calls, not a loop over an array literal: that would allocate.
            zero(GEN_VIBLFOTOPITCH, of: voice)
            zero(GEN_MODLFOTOPITCH, of: voice)
        }
    }

    private static func zero(_ generator: fluid_gen_type, of voice: OpaquePointer) {
        fluid_voice_gen_set(voice, Int32(generator.rawValue), 0)
        fluid_voice_update_param(voice, Int32(generator.rawValue))
    }
}
