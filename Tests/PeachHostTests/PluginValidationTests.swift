import Foundation
import PeachAudio
import PeachHost
import PeachPluginAPI
import PeachSupport
import PeachTestSupport
import Synchronization
import Testing

/// Real broken plugins, compiled from `Fixtures/bad_source.c` with one fault
/// each, run through the real discovery (a `peach plugin-probe` child process
/// per library). Each must be rejected with a reason that names the fault,
/// and the valid libraries beside it must still be offered.
@Suite struct PluginValidationTests {
    static let fixtureSource = BuildProducts.packageRoot + "/Tests/PeachHostTests/Fixtures/bad_source.c"
    static let exampleSource = BuildProducts.packageRoot + "/examples/c-tone-source/tone_source.c"
    /// The fixture's id when no ID define overrides it.
    static let fixtureID = "org.peach.test.fixture"

    /// One way to break a plugin, and what the host must say about it.
    struct Fault: Sendable, CustomTestStringConvertible {
        var define: String
        var reason: String
        /// Set when the library loads but one source in it is unusable.
        var sourceID: String? = nil
        /// Defines besides `define`.
        var also: [String] = []
        var defines: [String] { [define] + also }

        var testDescription: String { define }

        /// Every fault found while loading or probing, except HANG_IN_ENTRY (its own test, being slow).
        static let all: [Fault] = [
            Fault(define: "NO_ENTRY", reason: "has no peach_source_entry_v1 function"),
            Fault(define: "NULL_TABLE", reason: "peach_source_entry_v1 returned NULL"),
            Fault(define: "WRONG_MAJOR", reason: "was built for plugin ABI 2.\(PEACH_ABI_MINOR)"),
            Fault(define: "MISSING_CREATE", reason: "its entry table lacks the required function create"),
            Fault(define: "MISSING_PROCESS", reason: "its instance lacks the required function process", sourceID: fixtureID),
            Fault(define: "EMPTY_ID", reason: "source 0 has an empty id"),
            Fault(define: "BAD_ID", reason: "source 0's id 'not a reverse dns' is not a reverse-DNS id"),
            Fault(define: "NON_UTF8_NAME", reason: "source 0's name is not valid UTF-8"),
            Fault(define: "CRASH_IN_ENTRY", reason: "crashed while being probed (SIGSEGV)"),
            Fault(define: "EXIT_IN_ENTRY", reason: "probing it ended with exit status 0 before its report"),
            Fault(define: "EXIT_IN_CREATE", reason: "probing it ended with exit status 0 before its report"),
            Fault(define: "OPTION_EDIT=o->min_value=NAN", reason: "option gain's range is not finite (nan to 1.0)", sourceID: fixtureID),
            Fault(define: "OPTION_EDIT=o->max_value=INFINITY", reason: "option gain's range is not finite (0.0 to inf)", sourceID: fixtureID),
            // Options --option could not set, or whose definition contradicts itself.
            Fault(define: #"OPTION_EDIT=strcpy(o->key,"Gain Level=x")"#,
                  reason: "option 'Gain Level=x' has a key of other characters than lowercase letters, digits and '-'", sourceID: fixtureID),
            Fault(define: #"OPTION_EDIT=o->type=PEACH_OPTION_CHOICE,o->choice_count=0,strcpy(o->default_value,"c0")"#,
                  reason: "option gain's default 'c0' is not a value it accepts", sourceID: fixtureID),
            Fault(define: #"OPTION_EDIT=o->type=PEACH_OPTION_CHOICE,strcpy(o->default_value,"c0")"#,
                  reason: "option gain offers the choice 'same' twice", sourceID: fixtureID, also: [#"CHOICE_EDIT=strcpy(c->value,"same")"#]),
            Fault(define: #"OPTION_EDIT=strcpy(o->default_value,"7")"#, reason: "option gain's default '7' is not a value it accepts", sourceID: fixtureID),
            Fault(define: #"OPTION_EDIT=o->type=PEACH_OPTION_BOOL,strcpy(o->default_value,"maybe")"#,
                  reason: "option gain's default 'maybe' is not a value it accepts", sourceID: fixtureID),
            Fault(define: #"OPTION_EDIT=o->type=PEACH_OPTION_CHOICE,strcpy(o->default_value,"zzz")"#,
                  reason: "option gain's default 'zzz' is not a value it accepts", sourceID: fixtureID),
            Fault(define: #"OPTION_EDIT=o->type=PEACH_OPTION_CHOICE,o->flags=PEACH_OPTION_FLAG_TIMBRE,strcpy(o->default_value,"c0")"#,
                  reason: "options gain and k1 are both marked as the timbre; at most one may be", sourceID: fixtureID, also: ["OPTION_COUNT=2"]),
            Fault(define: #"OPTION_EDIT=o->type=PEACH_OPTION_INT,o->min_value=0.5,o->max_value=3.5,strcpy(o->default_value,"1")"#,
                  reason: "option gain takes whole numbers, but its range 0.5 to 3.5 is not whole", sourceID: fixtureID),
        ]
    }

    // MARK: Rejections

    /// Valid libraries sort both before and after the broken one, so a fault
    /// cannot hide a library probed after it.
    @Test(arguments: Fault.all)
    func brokenLibraryIsRejectedAndTheOthersStillWork(_ fault: Fault) throws {
        let folder = PluginFolder()
        defer { folder.remove() }
        let first = try folder.build("a-valid", id: "org.peach.test.first")
        let broken = try folder.build("m-broken", defines: fault.defines)
        let last = try folder.build("z-valid", id: "org.peach.test.last")

        let catalog = folder.discover()

        let rejection = try #require(catalog.rejections.count == 1 ? catalog.rejections.first : nil,
                                     "expected exactly one rejection, got \(catalog.rejections)")
        #expect(rejection.path == broken)
        #expect(rejection.reason.words.contains(fault.reason), "reason: \(rejection.reason.words)")
        #expect(rejection.sourceID == fault.sourceID)
        #expect(catalog.sources.map(\.descriptor.id) == ["org.peach.test.first", "org.peach.test.last"])
        #expect(catalog.sources.map(\.libraryPath) == [first, last])
        #expect(catalog.shadowed.isEmpty)
        if let sourceID = fault.sourceID {
            // Asking for the rejected source explains why it cannot be had.
            #expect(throws: SourceLookupError.rejected(rejection)) { _ = try catalog.makeInstance(of: sourceID) }
        }
        // The valid ones really work: an instance loads in this process.
        #expect(try catalog.makeInstance(of: "org.peach.test.last").descriptor.name == "Test Fixture")
    }

    /// All the faults side by side in one folder: one rejection per broken
    /// library, each with its own reason, and the valid library still offered.
    @Test func everyFaultAtOnce() throws {
        let folder = PluginFolder()
        defer { folder.remove() }
        var expected: [String: Fault] = [:]
        for (number, fault) in Fault.all.enumerated() {
            expected[try folder.build("fault\(number)", defines: fault.defines)] = fault
        }
        let valid = try folder.build("valid", id: "org.peach.test.valid")

        let catalog = folder.discover()

        #expect(catalog.sources.map(\.libraryPath) == [valid])
        #expect(catalog.rejections.count == expected.count, "\(catalog.rejections)")
        for rejection in catalog.rejections {
            let fault = try #require(expected[rejection.path], "unexpected rejection \(rejection)")
            #expect(rejection.reason.words.contains(fault.reason), "\(fault.define): \(rejection.reason.words)")
        }
        #expect(Set(catalog.rejections.map(\.path)) == Set(expected.keys))
    }

    /// A choice list may depend on another option and be empty for now (the drum kits of a font that has
    /// none), with an empty default: that is no fault. Every choice value and default given is one the option takes.
    @Test(arguments: [#"OPTION_EDIT=o->type=PEACH_OPTION_CHOICE,o->choice_count=0,o->default_value[0]=0"#,
                      #"OPTION_EDIT=o->type=PEACH_OPTION_CHOICE,strcpy(o->key,"kit-2"),strcpy(o->default_value,"c2")"#,
                      #"OPTION_EDIT=o->type=PEACH_OPTION_INT,o->min_value=-3,o->max_value=12,strcpy(o->default_value,"-3")"#])
    func optionsThatKeepTheRulesAreAccepted(define: String) throws {
        let folder = PluginFolder()
        defer { folder.remove() }
        try folder.build("m-options", defines: [define])
        let catalog = folder.discover()
        #expect(catalog.rejections.isEmpty, "\(catalog.rejections.map(\.reason.words))")
        #expect(catalog.sources.first?.options.count == 1)
    }

    /// A source whose create fails (here "no licence key"; for MIDI Out, no
    /// sequencer) is not a broken plugin: it is listed as unavailable with its
    /// own reason, asking for it says so in one line, and the rest works.
    @Test func aSourceThatCannotBeCreatedIsUnavailableNotRejected() throws {
        let folder = PluginFolder()
        defer { folder.remove() }
        let library = try folder.build("m-unavailable", defines: ["CREATE_FAILS"])
        try folder.build("z-valid", id: "org.peach.test.last")

        let catalog = folder.discover()

        #expect(catalog.rejections.isEmpty, "\(catalog.rejections)")
        #expect(catalog.sources.map(\.descriptor.id) == ["org.peach.test.last"])
        let unavailable = try #require(catalog.unavailable.count == 1 ? catalog.unavailable.first : nil, "\(catalog.unavailable)")
        #expect(unavailable.descriptor.id == Self.fixtureID && unavailable.descriptor.name == "Test Fixture")
        #expect(unavailable.libraryPath == library)
        #expect(unavailable.reason == .said("no licence key"))
        #expect(throws: SourceLookupError.unavailable(unavailable)) { _ = try catalog.makeInstance(of: Self.fixtureID) }
        #expect(SourceLookupError.unavailable(unavailable).words == "sound source \(Self.fixtureID) is unavailable: no licence key")
        #expect(try catalog.makeInstance(of: "org.peach.test.last").descriptor.name == "Test Fixture")
    }

    /// A library whose entry never returns is stopped at the probe's deadline
    /// instead of hanging Peach.
    @Test func hangingLibraryIsStoppedAtTheDeadline() throws {
        let folder = PluginFolder()
        defer { folder.remove() }
        let first = try folder.build("a-valid", id: "org.peach.test.first")
        let hanging = try folder.build("m-hangs", defines: ["HANG_IN_ENTRY"])
        let last = try folder.build("z-valid", id: "org.peach.test.last")

        let started = Monotonic.nanoseconds()
        let slow = Mutex<[String]>([])
        var prober = BuildProducts.prober(timeoutSeconds: 2)
        prober.onSlow = { path in slow.withLock { $0.append(path) } }
        let catalog = SourceCatalog.discover(searchPath: PluginSearchPath(directories: [folder.path]), prober: prober)
        let seconds = Double(Monotonic.nanoseconds() - started) / 1e9
        // The wait is said as it happens, naming the library (it held every command up for five silent seconds).
        #expect(slow.withLock { $0 } == [hanging])

        #expect(seconds >= 1.9 && seconds < 10, "discovery took \(seconds) s")
        let hang = try #require(catalog.rejections.first { $0.path == hanging }, "\(catalog.rejections)")
        #expect(hang.reason.words.contains("did not finish being probed within 2 s"))
        #expect(catalog.sources.map(\.libraryPath).contains(first))
        // A hanging library does not make the ones probed after it late.
        #expect(catalog.rejections.map(\.path) == [hanging])
        #expect(catalog.sources.map(\.libraryPath) == [first, last])
    }

    /// Two libraries offering the same id: the one in the earlier folder wins,
    /// the other is reported as shadowed, not as an error.
    @Test func duplicateIDFirstFolderWins() throws {
        let one = PluginFolder(), two = PluginFolder()
        defer { one.remove(); two.remove() }
        let inOne = try one.build("dup", id: "org.peach.test.dup")
        let inTwo = try two.build("dup", id: "org.peach.test.dup")

        for (folders, winner, loser) in [([one, two], inOne, inTwo), ([two, one], inTwo, inOne)] {
            let catalog = SourceCatalog.discover(searchPath: PluginSearchPath(directories: folders.map(\.path)),
                                                 prober: BuildProducts.prober(timeoutSeconds: 5))
            #expect(catalog.rejections.isEmpty)
            #expect(catalog.sources.map(\.descriptor.id) == ["org.peach.test.dup"])
            #expect(catalog.sources.first?.libraryPath == winner)
            #expect(catalog.shadowed.count == 1)
            let note = try #require(catalog.shadowed.first)
            #expect(note.words.contains("org.peach.test.dup in \(loser) is ignored"), "\(note.words)")
            #expect(note.words.contains(winner))
            #expect(try catalog.makeInstance(of: "org.peach.test.dup").libraryPath == winner)
        }
    }

    // MARK: Plugin folders

    /// Whoever can write to a plugin folder, or to a library in it, can run
    /// code as the user: such a folder is skipped with a warning unless allowed.
    @Test func aFolderAnyoneMayWriteToIsSkippedUnlessAllowed() throws {
        let folder = PluginFolder(), sticky = PluginFolder()
        defer { folder.remove(); sticky.remove() }
        let library = try folder.build("libfixture")
        let searchPath = PluginSearchPath.standard(commandLine: [folder.path], environment: [:], executableDirectory: nil)
        func discovered(_ path: PluginSearchPath) -> (libraries: [String], warnings: [PluginFolderWarning]) {
            let found = path.candidateLibraries()
            return (found.libraries.filter { $0.hasPrefix(folder.path) || $0.hasPrefix(sticky.path) }, found.warnings)
        }
        #expect(discovered(searchPath).libraries == [library] && discovered(searchPath).warnings.isEmpty)

        chmod(library, 0o757)
        #expect(discovered(searchPath).libraries.isEmpty)
        #expect(discovered(searchPath).warnings == [.worldWritable(folder: folder.path, writable: library)])
        #expect(discovered(searchPath).warnings[0].words.contains("anyone may write to \(library)"))
        chmod(library, 0o755)

        chmod(folder.path, 0o777)
        #expect(discovered(searchPath).libraries.isEmpty)
        #expect(discovered(searchPath).warnings == [.worldWritable(folder: folder.path, writable: folder.path)])
        let allowed = PluginSearchPath.standard(commandLine: [folder.path], environment: ["PEACH_ALLOW_WRITABLE_PLUGINS": "1"],
                                                executableDirectory: nil)
        #expect(discovered(allowed).libraries == [library] && discovered(allowed).warnings.isEmpty)

        // A sticky bit (as on /tmp) stops others deleting files, not adding a library.
        try sticky.build("libsticky", id: "org.peach.test.sticky")
        chmod(sticky.path, 0o1777)
        let stickyPath = PluginSearchPath.standard(commandLine: [sticky.path], environment: [:], executableDirectory: nil)
        #expect(discovered(stickyPath).libraries.isEmpty)
        #expect(discovered(stickyPath).warnings == [.worldWritable(folder: sticky.path, writable: sticky.path)])
    }

    /// A relative PEACH_PLUGIN_PATH entry depends on where Peach was started: it is resolved, and said so.
    /// A folder named that is not there is said too; the usual folders are not.
    @Test func aRelativePluginPathEntryIsResolvedWithAWarning() throws {
        let here = FileManager.default.currentDirectoryPath
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let searchPath = PluginSearchPath.standard(commandLine: [folder.path, folder.file("typo")],
                                                   environment: ["PEACH_PLUGIN_PATH": "/opt/peach:my-plugins", "HOME": folder.file("home")],
                                                   executableDirectory: nil)
        #expect(searchPath.directories.prefix(4) == [folder.path, folder.file("typo"), "/opt/peach", here + "/my-plugins"])
        #expect(searchPath.warnings == [.relativeEntry(entry: "my-plugins", resolved: here + "/my-plugins"), .missingFolder(folder: folder.file("typo")),
                                        .missingFolder(folder: "/opt/peach"), .missingFolder(folder: here + "/my-plugins")])
        #expect(searchPath.warnings[0].words.contains("'my-plugins' is not an absolute path; it is taken as \(here)/my-plugins"))
        #expect(searchPath.warnings[1].words == "the plugin folder \(folder.file("typo")) (from --plugin-path or PEACH_PLUGIN_PATH) is not there: no plugins come from it")
    }

    /// A library named where its folder goes is there, but is no folder: said so, not that it is missing.
    @Test func aFileGivenAsThePluginFolderIsSaidToBeAFile() throws {
        let folder = PluginFolder()
        defer { folder.remove() }
        let library = try folder.build("libfixture")
        let searchPath = PluginSearchPath.standard(commandLine: [library], environment: ["HOME": folder.file("home")], executableDirectory: nil)
        #expect(searchPath.warnings == [.notAFolder(path: library)])
        #expect(searchPath.warnings[0].words
                == "\(library) (from --plugin-path or PEACH_PLUGIN_PATH) is a file, and a folder is expected: name the folder that holds the plugins")
    }

    // MARK: Failures while playing

    /// A source that starts producing NaN is silenced from that block on:
    /// what it rendered before plays, nothing after.
    /// NaN, and a sample far beyond full scale (no working source renders 320000), are silenced alike.
    @Test(arguments: ["NAN_OUTPUT", "HUGE_OUTPUT"])
    func invalidOutputIsSilenced(define: String) throws {
        let run = try playFailing(define)
        let frames = run.notices.compactMap { if case .sourceProducedInvalidSamples(let frame) = $0 { frame } else { nil } }
        #expect(frames.count == 1, "\(run.notices)")
        try expectSilencedFromTheFailingBlock(run, failedAt: frames)
        #expect(!run.notices.contains { if case .sourceFailed = $0 { true } else { false } })
    }

    /// A source that returns PEACH_PROCESS_ERROR is silenced (even though it
    /// filled its buffer with a loud value) and its last_error can be read.
    @Test func processErrorIsSilencedAndExplained() throws {
        let run = try playFailing("PROCESS_ERROR")
        let frames = run.notices.compactMap { if case .sourceFailed(let frame) = $0 { frame } else { nil } }
        #expect(frames.count == 1, "\(run.notices)")
        try expectSilencedFromTheFailingBlock(run, failedAt: frames)
        #expect(run.lastError == "synth engine gave up")
    }

    private struct FailingRun {
        var notices: [EngineNotice]
        var samples: [Double]
        var lastError: String
    }

    /// Plays a 1 s A4 through the fixture built with `define` into a WAV file.
    private func playFailing(_ define: String) throws -> FailingRun {
        let folder = PluginFolder()
        defer { folder.remove() }
        try folder.build("failing", defines: [define])
        let catalog = folder.discover()
        #expect(catalog.rejections.isEmpty, "the fault only shows while playing: \(catalog.rejections)")
        let instance = try catalog.makeInstance(of: Self.fixtureID)
        let engine = try AudioEngine(output: try WavFileOutput(path: folder.file("out.wav")), source: instance)
        try engine.playNote(frequency: 440, at: 0, durationFrames: 48000)
        let notices = engine.render(through: 48000, thenUntilSilentWithin: 48000)
        try engine.stop()
        let wav = try WavFile.read(path: folder.file("out.wav"))
        return FailingRun(notices: notices, samples: wav.samples[0], lastError: engine.source.lastError.words)
    }

    private func expectSilencedFromTheFailingBlock(_ run: FailingRun, failedAt frames: [Int64]) throws {
        let failed = Int(try #require(frames.first))
        // The fixture fails in the first block whose steady_time is 4800 or more.
        #expect(failed >= 4800 && failed < 4800 + 256, "failed at \(failed)")
        #expect(run.samples.count >= 48000)
        #expect(run.samples[..<failed].contains { $0 != 0 }, "it sounded before failing")
        #expect(run.samples[failed...].allSatisfy { $0 == 0 }, "nothing plays from the failing block on")
    }

    // MARK: The C example

    @Test func cExampleIsDiscoveredWithItsOptions() throws {
        let folder = PluginFolder()
        defer { folder.remove() }
        let library = try folder.buildExample()
        let catalog = folder.discover()
        #expect(catalog.rejections.isEmpty, "\(catalog.rejections)")
        let entry = try catalog.entry(for: "org.example.ctone")
        #expect(entry.libraryPath == library)
        #expect(entry.descriptor.name == "C Tone")
        #expect(entry.descriptor.kind == .audio)
        #expect(entry.descriptor.realtimeSafe)
        #expect(entry.options.map(\.key) == ["gain", "harmonics", "shape"])

        let gain = try #require(entry.options.first { $0.key == "gain" })
        #expect(gain.type == .number && gain.range == 0...1 && gain.defaultValue == "0.4" && !gain.live)
        let harmonics = try #require(entry.options.first { $0.key == "harmonics" })
        #expect(harmonics.type == .int && harmonics.range == 1...8 && harmonics.defaultValue == "3")
        let shape = try #require(entry.options.first { $0.key == "shape" })
        #expect(shape.type == .choice && shape.range == nil && shape.defaultValue == "bright")
        #expect(shape.choices.map(\.value) == ["soft", "bright"])
        #expect(shape.choices.allSatisfy { !$0.label.isEmpty })
    }

    @Test func cExampleOptionsReadBackExactly() throws {
        let folder = PluginFolder()
        defer { folder.remove() }
        try folder.buildExample()
        let instance = try folder.discover().makeInstance(of: "org.example.ctone")
        #expect(try instance.value(of: "gain") == "0.4")
        #expect(try instance.value(of: "harmonics") == "3")
        #expect(try instance.value(of: "shape") == "bright")
        try instance.set("gain", to: "0.123456789")
        try instance.set("harmonics", to: "7")
        try instance.set("shape", to: "soft")
        #expect(try instance.value(of: "gain") == "0.123456789")
        #expect(try instance.value(of: "harmonics") == "7")
        #expect(try instance.value(of: "shape") == "soft")
        // None of its options is LIVE, so while it is active they cannot change.
        try instance.activate(sampleRate: 48000, maxFrames: 256, channels: 1)
        #expect(throws: SourceOptionError.notLive(source: "org.example.ctone", key: "gain")) { try instance.set("gain", to: "0.2") }
        instance.deactivate()
        try instance.set("gain", to: "0.2")
        #expect(try instance.value(of: "gain") == "0.2")
    }

    /// The example plays a 440 Hz tone with the harmonics and shape asked for,
    /// starting and stopping on the exact frames of its events.
    @Test func cExamplePlaysTheRequestedTone() throws {
        let folder = PluginFolder()
        defer { folder.remove() }
        try folder.buildExample()
        let instance = try folder.discover().makeInstance(of: "org.example.ctone")
        try instance.set("harmonics", to: "5")
        try instance.set("shape", to: "soft")
        try instance.set("gain", to: "0.5")

        let output = try WavFileOutput(path: folder.file("c.wav"))
        let engine = try AudioEngine(output: output, source: instance)
        let on = 1000, length = 24000, edge = 240  // 5 ms at 48 kHz
        try engine.playNote(frequency: 440, velocity: 1, at: Int64(on), durationFrames: Int64(length))
        let notices = engine.render(through: Int64(on + length), thenUntilSilentWithin: 48000)
        try engine.stop()
        #expect(notices.isEmpty, "\(notices)")

        let wav = try WavFile.read(path: folder.file("c.wav"))
        let samples = wav.samples[0]
        let off = on + length
        #expect(wav.sampleRate == 48000 && samples.count > off + edge)
        // Event timing: silent before the note-on frame, sounding right after it
        // (the attack starts at level 0), and silent once the release is over.
        #expect(samples[..<(on + 1)].allSatisfy { $0 == 0 })
        #expect(samples[(on + 1)...(on + 8)].allSatisfy { $0 != 0 })
        #expect(samples[(off - 8)..<off].contains { $0 != 0 })
        #expect(samples[(off + edge)...].allSatisfy { $0 == 0 }, "silent after the 5 ms release")
        #expect(samples[(off + edge - 20)..<(off + edge)].contains { $0 != 0 }, "the release lasts 5 ms, not less")
        #expect(samples.map(abs).max()! <= 0.5 + 1e-6, "the partials' sum never exceeds gain")
        #expect(samples.map(abs).max()! > 0.3)

        let steady = samples[(on + 2400)..<(off - 2400)]
        let measured = FrequencyMeter.frequency(of: steady, sampleRate: 48000)
        #expect(abs(FrequencyMeter.cents(measured, from: 440)) < 0.01, "measured \(measured) Hz")
        let fundamental = Spectrum.magnitude(steady, at: 440, sampleRate: 48000)
        #expect(fundamental > 20 * Spectrum.magnitude(steady, at: 430, sampleRate: 48000))
        #expect(fundamental > 20 * Spectrum.magnitude(steady, at: 450, sampleRate: 48000))
        // shape=soft: partial k at 1/k², so the 2nd is at 1/4 and the 5th at 1/25;
        // harmonics=5: there is no 6th.
        let second = Spectrum.magnitude(steady, at: 880, sampleRate: 48000) / fundamental
        let fifth = Spectrum.magnitude(steady, at: 2200, sampleRate: 48000) / fundamental
        let sixth = Spectrum.magnitude(steady, at: 2640, sampleRate: 48000) / fundamental
        #expect(abs(second - 1.0 / 4) < 0.005, "2nd harmonic at \(second)")
        #expect(abs(fifth - 1.0 / 25) < 0.002, "5th harmonic at \(fifth)")
        #expect(sixth < 0.0005, "6th harmonic at \(sixth)")
    }
}

/// A temporary folder of plugins built for one test.
private struct PluginFolder {
    let directory = TemporaryDirectory("peach-plugins")

    var path: String { directory.path }
    func file(_ name: String) -> String { directory.file(name) }
    func remove() { directory.remove() }

    /// Builds `Fixtures/bad_source.c` as `<name>.so` and returns its canonical path.
    @discardableResult
    func build(_ name: String, defines: [String] = [], id: String? = nil) throws -> String {
        let library = try CPlugin.build(PluginValidationTests.fixtureSource, named: name, in: path,
                                        defines: defines + (id.map { ["ID=\"\($0)\""] } ?? []))
        return try #require(PluginPath.canonical(library))
    }

    /// Builds the C example as `libctone.so`.
    @discardableResult
    func buildExample() throws -> String {
        try #require(PluginPath.canonical(try CPlugin.build(PluginValidationTests.exampleSource, named: "libctone", in: path)))
    }

    /// Discovery exactly as `peach sources --plugin-path <folder>` does it, minus the standard folders.
    func discover(timeoutSeconds: Double = 5) -> SourceCatalog {
        SourceCatalog.discover(searchPath: PluginSearchPath(directories: [path]),
                               prober: BuildProducts.prober(timeoutSeconds: timeoutSeconds))
    }
}

/// Hann-windowed DFT magnitude at one frequency, normalised so that a steady
/// sinusoid of amplitude A reads A when the frequency matches.
private enum Spectrum {
    static func magnitude(_ samples: ArraySlice<Double>, at frequency: Double, sampleRate: Double) -> Double {
        let step = 2 * Double.pi * frequency / sampleRate
        let count = samples.count
        var re = 0.0, im = 0.0, windowSum = 0.0
        for (offset, x) in samples.enumerated() {
            let window = 0.5 - 0.5 * cos(2 * Double.pi * Double(offset) / Double(count - 1))
            re += window * x * cos(step * Double(offset))
            im -= window * x * sin(step * Double(offset))
            windowSum += window
        }
        return 2 * (re * re + im * im).squareRoot() / windowSum
    }
}
