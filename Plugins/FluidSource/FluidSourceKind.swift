import PeachPluginAPI

/// The library's two sources: a SoundFont's instruments, every note
/// calibrated to the pitch asked, and its drum kits, every note a General MIDI
/// percussion key. One instance class (`FluidInstance`) and one renderer
/// (`FluidPlayer`) serve both; the timbre each plays says which it is.
enum FluidSourceKind: CaseIterable {
    case instruments, drums

    var id: String {
        switch self {
        case .instruments: "org.peach.fluid"
        case .drums: "org.peach.fluid-drums"
        }
    }

    var name: String {
        switch self {
        case .instruments: "FluidSynth"
        case .drums: "SoundFont drums"
        }
    }

    // Real-time safe as measured: the render thread allocates nothing, FluidSynth's note-on included (RealTimeSafetyTests).
    var flags: UInt32 {
        switch self {
        case .instruments: PEACH_SOURCE_RENDERS_AUDIO | PEACH_SOURCE_REALTIME_SAFE
        case .drums: PEACH_SOURCE_RENDERS_AUDIO | PEACH_SOURCE_REALTIME_SAFE | PEACH_SOURCE_UNPITCHED
        }
    }

    var description: String {
        switch self {
        case .instruments:
            "SoundFont instruments through FluidSynth, each key calibrated to sound within a tenth of a cent of the pitch asked for."
        case .drums:
            "A SoundFont's drum kit through FluidSynth: each note plays the General MIDI percussion key nearest it, from its exact frame."
        }
    }

    /// The options it offers, in the order `peach sources` lists them.
    var options: [FluidOption] {
        switch self {
        case .instruments: [.font, .bank, .program, .gain, .releaseMilliseconds, .tuning, .reverb, .chorus]
        case .drums: [.font, .kit, .gain]
        }
    }

    func option(_ key: String) -> FluidOption? {
        options.first { $0.key == key }
    }

    static func withID(_ id: String) -> FluidSourceKind? {
        allCases.first { $0.id == id }
    }
}
