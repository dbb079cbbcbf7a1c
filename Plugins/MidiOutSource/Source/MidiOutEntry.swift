import Glibc
import PeachMidiOutCore
import PeachPluginAPI

// The library's exported face: one entry function returning a static table.
// It must be `public`: release builds export nothing that is not.

@c @implementation
public func peach_source_entry_v1(_ hostAbiMinor: UInt16) -> UnsafePointer<peach_plugin_entry>? {
    UnsafePointer(entryTable)
}

/// One descriptor per source, in `MidiOutSource.allCases` order.
private nonisolated(unsafe) let descriptors: UnsafeMutablePointer<peach_source_descriptor> = {
    let descriptors = UnsafeMutablePointer<peach_source_descriptor>.allocate(capacity: MidiOutSource.allCases.count)
    for (index, source) in MidiOutSource.allCases.enumerated() {
        (descriptors + index).initialize(to: peach_source_descriptor(
            struct_size: UInt32(MemoryLayout<peach_source_descriptor>.size),
            flags: source.flags,
            id: strdup(source.id),
            name: strdup(source.name),
            vendor: strdup("Peach"),
            version: strdup("1.0.0"),
            description: strdup(source.description)))
    }
    return descriptors
}()

private nonisolated(unsafe) let entryTable: UnsafeMutablePointer<peach_plugin_entry> = {
    let table = UnsafeMutablePointer<peach_plugin_entry>.allocate(capacity: 1)
    table.initialize(to: peach_plugin_entry(
        struct_size: UInt32(MemoryLayout<peach_plugin_entry>.size),
        abi_major: UInt16(PEACH_ABI_MAJOR),
        abi_minor: UInt16(PEACH_ABI_MINOR),
        source_count: { UInt32(MidiOutSource.allCases.count) },
        get_source: { index in Int(index) < MidiOutSource.allCases.count ? UnsafePointer(descriptors + Int(index)) : nil },
        // Opens the sequencer briefly, to learn whether there is one and which
        // destinations it has; claims nothing. Without a sequencer neither
        // source can be made, and the reason is what the host lists.
        create: { id, host, errorBuffer, capacity in
            func refuse(_ reason: String) -> UnsafeMutablePointer<peach_source_instance>? {
                if let errorBuffer { peach_copy_text(errorBuffer, Int(capacity), reason) }
                return nil
            }
            guard let id, let source = MidiOutSource.withID(String(cString: id)) else {
                return refuse("this library offers only " + MidiOutSource.allCases.map(\.id).joined(separator: " and "))
            }
            do throws(SequencerError) {
                return MidiOutInstance.makeTable(source: source, host: host, destinations: try SequencerClient.destinationsNow())
            } catch {
                return refuse(error.description)
            }
        }))
    return table
}()
