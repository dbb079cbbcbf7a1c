import Foundation
import PeachHost
import PeachPluginAPI

/// Figure 1: how many times faster than real time the release Sine source
/// renders one sustained 440 Hz voice for 60 s at 48 kHz, mono, 256-frame
/// blocks. Measured two ways, each the median of 5 runs:
///   - through AudioEngine with an unpaced NullOutput, which is what a user
///     gets (render thread, event queue, NaN check, interleaving included);
///   - by calling the instance's process() directly through the C ABI, the
///     way RenderLoop does, which is the source's cost alone.
/// Baseline: `sox ... synth 60 sine 440` writing a float WAV, same 5 runs.
struct SineRenderBenchmark {
    static let target = 1000.0
    static let runs = 5
    static let seconds = 60
    static let audioFormat = AudioFormat(sampleRate: 48000, channels: 1, blockFrames: 256)
    static var totalFrames: Int { seconds * Int(audioFormat.sampleRate) }

    let libraryPath: String

    func rows() throws -> [Row] {
        let engine = median(try Measurement.repeated(Self.runs, renderThroughEngine).map(realTimeFactor))
        let direct = median(try Measurement.repeated(Self.runs, renderByCallingProcess).map(realTimeFactor))
        let sox = try soxBaseline()
        func baseline(_ peach: Double) -> String {
            guard let sox else { return "sox not installed" }
            return "sox \(format(sox, decimals: 0))x; Peach/sox \(format(peach / sox, decimals: 2))"
        }
        let target = ">= \(format(Self.target, decimals: 0))x real time"
        return [
            .checked("1a Sine, 60 s via AudioEngine (median of \(Self.runs))", target: target,
                     measured: "\(format(engine, decimals: 0))x", baseline: baseline(engine), passes: engine >= Self.target),
            .checked("1b Sine, 60 s via process() alone (median of \(Self.runs))", target: target,
                     measured: "\(format(direct, decimals: 0))x", baseline: baseline(direct), passes: direct >= Self.target),
        ]
    }

    private func realTimeFactor(_ elapsed: Duration) -> Double {
        Double(Self.seconds) / elapsed.seconds
    }

    /// One run through the public engine: a fresh instance, a note at frame 0
    /// that never ends, and an offline render of 60 s.
    private func renderThroughEngine() throws -> Duration {
        let instance = try PluginLibrary.load(path: libraryPath).makeInstance(of: SourceCatalog.defaultSourceID)
        let engine = try AudioEngine(output: NullOutput(format: Self.audioFormat, paced: false), source: instance)
        try engine.schedule(.noteOn(engine.makeNoteID(), frequency: 440, at: 0))
        var notices: [EngineNotice] = []
        let elapsed = Measurement.time { notices = engine.render(through: Int64(Self.totalFrames)) }
        let sounding = !engine.isSilent
        try engine.stop()
        guard notices.isEmpty, sounding else { throw BenchError("the engine run went wrong: \(notices), sounding: \(sounding)") }
        return elapsed
    }

    /// One run calling the plugin's C functions directly on this thread.
    private func renderByCallingProcess() throws -> Duration {
        let instance = try DirectInstance(libraryPath: libraryPath, format: Self.audioFormat)
        defer { instance.destroy() }
        return try instance.render(blocks: Self.totalFrames / Self.audioFormat.blockFrames)
    }

    /// Median wall time of sox writing the same tone to a WAV file, as x real time.
    private func soxBaseline() throws -> Double? {
        guard let sox = ProcessRunner.find("sox") else { return nil }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("peach-bench-sox-\(getpid()).wav").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let command = [sox, "-n", "-r", "48000", "-c", "1", "-b", "32", "-e", "floating-point", output, "synth", "\(Self.seconds)", "sine", "440"]
        return median(try Measurement.repeated(Self.runs) { try ProcessRunner.time(command) }.map(realTimeFactor))
    }
}

/// A Sine instance driven through the C ABI alone, as RenderLoop drives one:
/// the same library image PluginLibrary loaded (dlopen returns the cached
/// handle), created, activated, and fed blocks with a NOTE_ON in the first.
private final class DirectInstance {
    private let instance: UnsafeMutablePointer<peach_source_instance>
    private let format: AudioFormat

    /// A minimal host table: logs are dropped, no extensions.
    private nonisolated(unsafe) static let host: UnsafeMutablePointer<peach_host> = {
        let host = UnsafeMutablePointer<peach_host>.allocate(capacity: 1)
        host.initialize(to: peach_host(
            struct_size: UInt32(MemoryLayout<peach_host>.size), abi_major: UInt16(PEACH_ABI_MAJOR), abi_minor: UInt16(PEACH_ABI_MINOR),
            name: strdup("PeachBench"), version: strdup(PeachVersion.current), host_data: nil,
            log: { _, _, _ in }, get_extension: { _, _ in nil }))
        return host
    }()

    init(libraryPath: String, format: AudioFormat) throws {
        guard let handle = dlopen(libraryPath, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE),
              let symbol = dlsym(handle, PEACH_ENTRY_SYMBOL),
              let entry = unsafeBitCast(symbol, to: peach_source_entry_fn.self)(UInt16(PEACH_ABI_MINOR)) else {
            throw BenchError("cannot reach \(PEACH_ENTRY_SYMBOL) in \(libraryPath)")
        }
        var reason = [CChar](repeating: 0, count: 256)
        guard let instance = entry.pointee.create(SourceCatalog.defaultSourceID, Self.host, &reason, UInt32(reason.count)) else {
            throw BenchError("create failed: \(String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))")
        }
        guard instance.pointee.activate(instance, format.sampleRate, UInt32(format.blockFrames), UInt32(format.channels)) == PEACH_OK else {
            instance.pointee.destroy(instance)
            throw BenchError("activate failed: \(String(cString: instance.pointee.last_error(instance)!))")
        }
        self.instance = instance
        self.format = format
    }

    func destroy() {
        instance.pointee.deactivate(instance)
        instance.pointee.destroy(instance)
    }

    /// Time to render `blocks` blocks of one note that starts at frame 0.
    func render(blocks: Int) throws -> Duration {
        let frames = format.blockFrames
        let samples = UnsafeMutablePointer<Float>.allocate(capacity: frames * format.channels)
        let outputs = UnsafeMutablePointer<UnsafeMutablePointer<Float>?>.allocate(capacity: format.channels)
        let noteOn = UnsafeMutablePointer<peach_event_note>.allocate(capacity: 1)
        let events = UnsafeMutablePointer<UnsafePointer<peach_event_header>?>.allocate(capacity: 1)
        defer { samples.deallocate(); outputs.deallocate(); noteOn.deallocate(); events.deallocate() }
        for channel in 0..<format.channels { outputs[channel] = samples + channel * frames }
        noteOn.initialize(to: peach_event_note(
            header: peach_event_header(size: UInt32(MemoryLayout<peach_event_note>.size), offset: 0,
                                       type: UInt16(PEACH_EVENT_NOTE_ON), flags: 0, reserved: 0),
            note_id: 1, reserved: 0, frequency_hz: 440, velocity: 0.8))
        events[0] = UnsafeRawPointer(noteOn).assumingMemoryBound(to: peach_event_header.self)

        var block = peach_process(
            struct_size: UInt32(MemoryLayout<peach_process>.size), frame_count: UInt32(frames), steady_time: 0,
            channel_count: UInt32(format.channels), event_count: 1, outputs: UnsafePointer(outputs),
            events: UnsafePointer(events), presentation_time_ns: -1)
        let process = instance.pointee.process!
        var status = PEACH_PROCESS_CONTINUE
        let elapsed = Measurement.time {
            for index in 0..<blocks {
                block.steady_time = Int64(index * frames)
                block.event_count = index == 0 ? 1 : 0
                status = process(instance, &block)
            }
        }
        guard status == PEACH_PROCESS_CONTINUE, UnsafeBufferPointer(start: samples, count: frames).contains(where: { $0 != 0 }) else {
            throw BenchError("the note did not sound to the end (status \(status))")
        }
        return elapsed
    }
}
