import Glibc
import PeachPluginAPI

// The library's exported face: one entry function returning a static table.
// It must be `public`: release builds export nothing that is not.

@c @implementation
public func peach_source_entry_v1(_ hostAbiMinor: UInt16) -> UnsafePointer<peach_plugin_entry>? {
    UnsafePointer(entryTable)
}

/// One descriptor per source, in `FluidSourceKind.allCases` order.
private nonisolated(unsafe) let descriptors: UnsafeMutablePointer<peach_source_descriptor> = {
    let kinds = FluidSourceKind.allCases
    let descriptors = UnsafeMutablePointer<peach_source_descriptor>.allocate(capacity: kinds.count)
    for (index, kind) in kinds.enumerated() {
        (descriptors + index).initialize(to: peach_source_descriptor(
            struct_size: UInt32(MemoryLayout<peach_source_descriptor>.size),
            flags: kind.flags,
            id: strdup(kind.id),
            name: strdup(kind.name),
            vendor: strdup("Peach"),
            version: strdup("1.0.0"),
            description: strdup(kind.description)))
    }
    return descriptors
}()

private nonisolated(unsafe) let entryTable: UnsafeMutablePointer<peach_plugin_entry> = {
    let table = UnsafeMutablePointer<peach_plugin_entry>.allocate(capacity: 1)
    table.initialize(to: peach_plugin_entry(
        struct_size: UInt32(MemoryLayout<peach_plugin_entry>.size),
        abi_major: UInt16(PEACH_ABI_MAJOR),
        abi_minor: UInt16(PEACH_ABI_MINOR),
        source_count: { UInt32(FluidSourceKind.allCases.count) },
        get_source: { index in Int(index) < FluidSourceKind.allCases.count ? UnsafePointer(descriptors + Int(index)) : nil },
        create: { id, host, errorBuffer, capacity in
            guard let id, let kind = FluidSourceKind.withID(String(cString: id)) else {
                let ids = FluidSourceKind.allCases.map(\.id).joined(separator: " and ")
                if let errorBuffer { peach_copy_text(errorBuffer, Int(capacity), "this library offers only \(ids)") }
                return nil
            }
            return FluidInstance.makeTable(kind, host: host)
        }))
    return table
}()
