import Foundation
import PeachAudio
import PeachHost
import PeachPluginAPI
import PeachSupport

/// A source instance driven through the C ABI alone, as RenderLoop drives one:
/// the same library image PluginLibrary loaded (dlopen returns the cached
/// handle), created, given options, activated, and fed blocks with a NOTE_ON
/// in the first.
final class DirectInstance {
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

    init(libraryPath: String, sourceID: String, options: KeyValuePairs<String, String> = [:], format: AudioFormat) throws {
        guard let handle = dlopen(libraryPath, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE),
              let symbol = dlsym(handle, PEACH_ENTRY_SYMBOL),
              let entry = unsafeBitCast(symbol, to: peach_source_entry_fn.self)(UInt16(PEACH_ABI_MINOR)) else {
            throw BenchError("cannot reach \(PEACH_ENTRY_SYMBOL) in \(libraryPath)")
        }
        var reason = [CChar](repeating: 0, count: 256)
        guard let instance = entry.pointee.create(sourceID, Self.host, &reason, UInt32(reason.count)) else {
            throw BenchError("create failed: \(String(decoding: reason.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))")
        }
        for (key, value) in options where instance.pointee.set_option(instance, key, value) != PEACH_OK {
            instance.pointee.destroy(instance)
            throw BenchError("\(key)=\(value) refused")
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

    /// Time to render `blocks` blocks of one note at `frequency` that starts at frame 0.
    func render(blocks: Int, frequency: Double) throws -> Duration {
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
            note_id: 1, reserved: 0, frequency_hz: frequency, velocity: 0.8))
        events[0] = UnsafeRawPointer(noteOn).assumingMemoryBound(to: peach_event_header.self)

        var block = peach_process(
            struct_size: UInt32(MemoryLayout<peach_process>.size), frame_count: UInt32(frames), steady_time: 0,
            channel_count: UInt32(format.channels), event_count: 1, outputs: UnsafePointer(outputs),
            events: UnsafePointer(events), presentation_time_ns: -1,
            input_channel_count: 0, reserved: 0, inputs: nil, transport: nil, out_events: nil)
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
