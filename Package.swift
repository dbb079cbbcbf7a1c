// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "Peach",
    products: [
        .executable(name: "peach", targets: ["peach"]),
        // The host loads sound sources as shared libraries; each is its own product.
        .library(name: "PeachSineSource", type: .dynamic, targets: ["PeachSineSource"]),
        .library(name: "PeachMidiOutSource", type: .dynamic, targets: ["PeachMidiOutSource"]),
        .library(name: "PeachFluidSource", type: .dynamic, targets: ["PeachFluidSource"]),
        .library(name: "PeachClickSource", type: .dynamic, targets: ["PeachClickSource"]),
        .library(name: "PeachSampleSource", type: .dynamic, targets: ["PeachSampleSource"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // Counts allocations made on the render thread in the real-time test.
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        // The C ABI between host and sources: one header, nothing else.
        .target(name: "PeachPluginAPI"),
        // alsa-lib plus the few C helpers Swift cannot express (variadic error handler).
        .target(name: "CAlsa", linkerSettings: [.linkedLibrary("asound")]),
        // libfluidsynth for Swift, opened with dlopen on first use, plus a C log hook that keeps its lines off the terminal.
        .target(name: "CFluidSynth"),
        // Pitch read from rendered sound, in C so that plugins and host can share it without sharing a Swift module.
        .target(name: "PeachPitchMeter", cSettings: [.unsafeFlags(["-O2"])]),
        // Musical time on the frame clock: tempo, ramps, meter, beat positions to exact frames. Pure; the engine's transport.
        .target(name: "MusicalTime", path: "Sources/PeachHost/MusicalTime"),
        // What every layer stands on: clocks, environment, errno, standard streams, signals as requests, wake-ups.
        // Depends on nothing of Peach, and says nothing to the user in words.
        .target(name: "PeachSupport", path: "Sources/PeachHost/System"),
        // English and German: every text Peach says by key, the language chosen once at start.
        .target(name: "PeachText", dependencies: ["PeachSupport"], path: "Sources/PeachHost/Language"),
        // Files written so that nothing is lost: no symbolic link followed in the data folder, replaced only when complete.
        .target(name: "PeachFiles", dependencies: ["PeachSupport"], path: "Sources/PeachHost/Files"),
        // Sound: plugins (discovery, loading, the bridge), the engine (tracks, transport, input), outputs, devices, notes and pitch.
        // Knows nothing of training, history, reports or screens.
        // Notes, cents and reference pitch, and pitch measured in sound: what the engine and the trainer share.
        .target(name: "PeachMusic", dependencies: ["PeachSupport", "PeachPitchMeter"], path: "Sources/PeachHost/Music"),
        .target(name: "PeachAudio", dependencies: ["PeachSupport", "PeachFiles", "PeachPluginAPI", "CAlsa", "CSndFile", "MusicalTime"],
                path: "Sources/PeachHost/Audio"),
        // The perceptual profile, pair selection and the training session: no I/O, no sound.
        .target(name: "PeachTraining", dependencies: ["PeachSupport", "PeachMusic"], path: "Sources/PeachHost/Training"),
        // The data folder: the answers on disk, the lock, the profile snapshot, and training bound to them.
        .target(name: "PeachHistory", dependencies: ["PeachSupport", "PeachFiles", "PeachMusic", "PeachTraining"],
                path: "Sources/PeachHost/History"),
        // What the history says (key facts, trends, statistics, progress) and its pictures (keyboard chart, SVG, sparklines).
        .target(name: "PeachReports", dependencies: ["PeachSupport", "PeachText", "PeachMusic", "PeachTraining", "PeachHistory"],
                path: "Sources/PeachHost/Reports"),
        // libsndfile: WAV, FLAC and more, read (and later written) by the engine's file inputs.
        .systemLibrary(name: "CSndFile", pkgConfig: "sndfile", providers: [.apt(["libsndfile1-dev"])]),
        // settings.json: the one list of settings, checked reads, locked read-modify-write.
        .target(name: "PeachSettings", dependencies: ["PeachSupport", "PeachText", "PeachFiles", "PeachAudio", "PeachTraining", "PeachHistory"],
                path: "Sources/PeachHost/Settings"),
        // CSV export, CSV and JSON-lines import.
        .target(name: "PeachExchange", dependencies: ["PeachSupport", "PeachFiles", "PeachMusic", "PeachTraining", "PeachHistory"],
                path: "Sources/PeachHost/Exchange"),
        // The practice journal: a Markdown file a day, dates, trash, the calendar's month of activity. No sound, no training.
        .target(name: "PeachJournal", dependencies: ["PeachSupport", "PeachFiles"], path: "Sources/PeachHost/Journal"),
        // What to schedule on the engine: note sequences, training pairs, tuning checks.
        .target(name: "PeachPlayback", dependencies: ["PeachAudio", "PeachMusic", "PeachTraining"], path: "Sources/PeachHost/Playback"),
        // The metronome: setups, accents, the tempo trainer, clicks on exact frames of the engine's clock.
        .target(name: "PeachMetronome", dependencies: ["PeachSupport", "MusicalTime", "PeachMusic", "PeachAudio"], path: "Sources/PeachHost/Metronome"),
        // The drone: a root with an optional fifth and octave, held on an engine track and changed without a gap.
        .target(name: "PeachDrone", dependencies: ["PeachSupport", "PeachMusic", "PeachAudio"], path: "Sources/PeachHost/Drone"),
        // The tuner's ear: the pitch of a monophonic stream, step by step, and the notes a take held. Pure: samples in, readings out.
        .target(name: "PeachTuner", dependencies: ["CFFTW"], path: "Sources/PeachHost/Tuner", swiftSettings: [.unsafeFlags(["-O"])]),
        // FFTW 3 (double precision): the tuner's autocorrelation by FFT.
        .systemLibrary(name: "CFFTW", providers: [.apt(["libfftw3-dev"])]),
        // Takes recorded so that nothing is lost (partial WAV synced each second, repaired at the next start), kept as FLAC or WAV
        // in the data folder's recordings/, listed, renamed, trashed, restored and exported. No sound, no words.
        // The scale grid: scales, their spelling and layout, the player of its keys, phrases kept as events.
        .target(name: "PeachGrid", dependencies: ["PeachSupport", "PeachFiles", "PeachMusic", "PeachAudio"], path: "Sources/PeachHost/Grid"),
        .target(name: "PeachRecordings", dependencies: ["PeachSupport", "PeachFiles", "CSndFile"], path: "Sources/PeachHost/Recordings"),
        // Every error and notice of the layers below, worded in the language chosen at start: the one place their text is made.
        .target(name: "PeachMessages", dependencies: ["PeachSupport", "PeachText", "PeachFiles", "PeachMusic", "PeachAudio", "PeachTraining",
                                                      "PeachHistory", "PeachSettings", "PeachExchange", "PeachMetronome", "PeachDrone", "PeachRecordings",
                                                      "PeachJournal", "PeachGrid"],
                path: "Sources/PeachHost/Messages"),
        // All of the host at once, for the `peach` command: re-exports every layer above.
        .target(name: "PeachHost", dependencies: ["PeachSupport", "PeachText", "PeachFiles", "PeachMusic", "PeachAudio", "PeachTraining", "PeachHistory",
                                                  "PeachReports", "PeachSettings", "PeachExchange", "PeachPlayback", "PeachMessages", "PeachMetronome", "PeachDrone", "PeachTuner",
                                                  "PeachRecordings", "PeachJournal", "PeachGrid"],
                // The folders beside PeachHost.swift are the layers' own targets.
                exclude: ["Audio", "Drone", "Exchange", "Files", "Grid", "History", "Journal", "Language", "Messages", "Metronome", "Music", "MusicalTime", "Playback", "Recordings",
                          "Reports", "Settings", "System", "Training", "Tuner"],
                sources: ["PeachHost.swift"]),
        .executableTarget(
            name: "peach",
            dependencies: ["PeachHost", "PeachSupport", "PeachText", "PeachFiles", "PeachMusic", "PeachAudio", "PeachTraining", "PeachHistory", "PeachReports", "PeachMessages",
                           "PeachMetronome", "PeachDrone", "PeachTuner", "PeachRecordings", "PeachJournal", "PeachGrid", "MusicalTime", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Sound sources depend on the C header only: no Swift module is shared with the host.
        .target(name: "PeachSineSource", dependencies: ["PeachPluginAPI"], path: "Plugins/SineSource"),
        // MIDI Out: the plugin, over a pure core (notes to MIDI bytes, tested without a kernel) and
        // alsa-lib's sequencer (its own C module: the host's CAlsa is not the plugin's to share).
        .target(name: "PeachMidiOutSource", dependencies: ["PeachPluginAPI", "PeachMidiOutCore", "CAlsaSequencer"],
                path: "Plugins/MidiOutSource/Source"),
        .target(name: "PeachMidiOutCore", dependencies: ["PeachPluginAPI"], path: "Plugins/MidiOutSource/Core"),
        .target(name: "CAlsaSequencer", path: "Plugins/MidiOutSource/CAlsaSequencer", linkerSettings: [.linkedLibrary("asound")]),
        // Optimised even in debug builds: it resamples every note and calibrates with millions of multiply-adds.
        .target(name: "PeachFluidSource", dependencies: ["PeachPluginAPI", "CFluidSynth", "PeachPitchMeter", "PeachFluidCore"], path: "Plugins/FluidSource",
                exclude: ["Core", "exports.map"], swiftSettings: [.unsafeFlags(["-O"])],
                linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(Context.packageDirectory)/Plugins/FluidSource/exports.map"])]),
        // The FluidSynth source's signal arithmetic (the sinc resampler, the pair check's estimator): pure, tested on synthetic signals.
        .target(name: "PeachFluidCore", path: "Plugins/FluidSource/Core", swiftSettings: [.unsafeFlags(["-O"])]),
        // Metronome clicks synthesised at activate: woodblock, beep and tick, by General MIDI percussion key.
        .target(name: "PeachClickSource", dependencies: ["PeachPluginAPI"], path: "Plugins/ClickSource"),
        // A sound file of the user's played once at each note, read through libsndfile (the C module map only) at activate.
        .target(name: "PeachSampleSource", dependencies: ["PeachPluginAPI", "CSndFile"], path: "Plugins/SampleSource"),
        .executableTarget(name: "PeachBench", dependencies: ["PeachHost", "PeachSupport", "PeachText", "PeachFiles", "PeachMusic", "PeachAudio", "PeachTraining", "PeachHistory", "PeachReports", "PeachPluginAPI", "PeachTestSupport", "MusicalTime",
                                                          "PeachMetronome", "PeachDrone", "PeachTuner", "PeachRecordings"],
                         path: "Benchmarks/PeachBench"),
        .executableTarget(name: "TrainingBench", dependencies: ["PeachHost", "PeachSupport", "PeachText", "PeachFiles", "PeachMusic", "PeachAudio", "PeachTraining", "PeachHistory", "PeachReports"], path: "Benchmarks/TrainingBench"),
        // Measuring rendered audio, locating build products, compiling C plugins in tests.
        .target(name: "PeachTestSupport", dependencies: ["PeachHost", "PeachSupport", "PeachText", "PeachFiles", "PeachMusic", "PeachAudio", "PeachTraining", "PeachHistory", "PeachReports"], path: "Tests/PeachTestSupport",
                // Optimised even in debug builds: the frequency meter does millions of multiply-adds per note.
                swiftSettings: [.unsafeFlags(["-O"])]),
        // Renders with malloc interposed (LD_PRELOAD) and reports what the render thread allocated.
        .executableTarget(
            name: "RenderAllocationProbe",
            dependencies: ["PeachHost", "PeachTestSupport", "MusicalTime", .product(name: "MallocInterposerSwift", package: "malloc-interposer")],
            path: "Tests/RenderAllocationProbe"),
        // MIDI Out's per-block work with malloc interposed, counting what it allocates.
        .executableTarget(
            name: "MidiAllocationProbe",
            dependencies: ["PeachMidiOutCore", "CAlsaSequencer", .product(name: "MallocInterposerSwift", package: "malloc-interposer")],
            path: "Tests/MidiAllocationProbe"),
        // Linked into every test binary: a home and XDG folders of the process's own, made before any test runs.
        .target(name: "IsolatedHome", path: "Tests/IsolatedHome"),
        .testTarget(name: "PeachHostTests", dependencies: ["PeachHost", "PeachSupport", "PeachText", "PeachMessages", "PeachFiles", "PeachMusic", "PeachAudio", "PeachTraining", "PeachHistory", "PeachReports", "PeachPluginAPI", "PeachTestSupport", "PeachSineSource", "RenderAllocationProbe", "MusicalTime",
                                                           "PeachMetronome", "PeachDrone", "PeachRecordings", "PeachJournal", "PeachGrid", "IsolatedHome"],
                    exclude: ["Fixtures"]),  // C sources that tests compile into deliberately broken plugins
        .testTarget(name: "PeachCLITests", dependencies: ["peach", "PeachHost", "PeachSupport", "PeachText", "PeachFiles", "PeachMusic", "PeachAudio", "PeachTraining", "PeachHistory", "PeachReports", "PeachTestSupport", "IsolatedHome"]),
        .testTarget(name: "MusicalTimeTests", dependencies: ["MusicalTime", "IsolatedHome"]),
        // The tuner's ear on synthetic and FluidSynth-rendered notes.
        .testTarget(name: "TunerTests", dependencies: ["PeachTuner", "PeachMusic", "PeachTraining", "PeachTestSupport", "IsolatedHome"]),
        .testTarget(name: "FluidCoreTests", dependencies: ["PeachFluidCore", "IsolatedHome"]),
        // The MIDI Out core, ALSA's user-space MIDI encoder, and FluidSynth hearing the bytes. The plugin's entry
        // is not linked in (one peach_source_entry_v1 per image): it is exercised through the real program.
        .testTarget(name: "MidiOutTests", dependencies: ["PeachMidiOutCore", "CAlsaSequencer", "PeachTestSupport", "MidiAllocationProbe",
                                                         "IsolatedHome"],
                    exclude: ["Fixtures"]),  // a C program the tests compile
    ]
)
