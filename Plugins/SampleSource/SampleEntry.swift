import Glibc
import PeachPluginAPI

// The library's exported face: one entry function returning a static table.
// It must be `public`: release builds export nothing that is not.

@c @implementation
public func peach_source_entry_v1(_ hostAbiMinor: UInt16) -> UnsafePointer<peach_plugin_entry>? {
    UnsafePointer(entryTable)
}

private nonisolated(unsafe) let descriptor: UnsafeMutablePointer<peach_source_descriptor> = {
    let descriptor = UnsafeMutablePointer<peach_source_descriptor>.allocate(capacity: 1)
    descriptor.initialize(to: peach_source_descriptor(
        struct_size: UInt32(MemoryLayout<peach_source_descriptor>.size),
        flags: PEACH_SOURCE_RENDERS_AUDIO | PEACH_SOURCE_REALTIME_SAFE | PEACH_SOURCE_UNPITCHED,
        id: strdup(SampleInstance.sourceID),
        name: strdup("Sample"),
        vendor: strdup("Peach"),
        version: strdup("1.0.0"),
        description: strdup("A WAV or FLAC file of your own played once at each note, at its own pitch, from the exact frame of the note.")))
    return descriptor
}()

private nonisolated(unsafe) let entryTable: UnsafeMutablePointer<peach_plugin_entry> = {
    let table = UnsafeMutablePointer<peach_plugin_entry>.allocate(capacity: 1)
    table.initialize(to: peach_plugin_entry(
        struct_size: UInt32(MemoryLayout<peach_plugin_entry>.size),
        abi_major: UInt16(PEACH_ABI_MAJOR),
        abi_minor: UInt16(PEACH_ABI_MINOR),
        // [thread-safe]
        source_count: { 1 },
        get_source: { index in index == 0 ? UnsafePointer(descriptor) : nil },
        // [main-thread] Cheap: the files are read at activate.
        create: { id, _, errorBuffer, capacity in
            guard let id, String(cString: id) == SampleInstance.sourceID else {
                if let errorBuffer { peach_copy_text(errorBuffer, Int(capacity), "this library offers only \(SampleInstance.sourceID)") }
                return nil
            }
            return SampleInstance.makeTable()
        }))
    return table
}()
