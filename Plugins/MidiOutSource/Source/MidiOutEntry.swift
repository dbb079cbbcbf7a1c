import Glibc
import PeachMidiOutCore
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
        flags: PEACH_SOURCE_SENDS_MIDI,
        id: strdup(MidiOutInstance.sourceID),
        name: strdup("MIDI Out"),
        vendor: strdup("Peach"),
        version: strdup("1.0.0"),
        description: strdup("Plays the notes on a MIDI instrument through the ALSA sequencer (a digital piano, a synthesizer, FluidSynth), with exact pitch.")))
    return descriptor
}()

private nonisolated(unsafe) let entryTable: UnsafeMutablePointer<peach_plugin_entry> = {
    let table = UnsafeMutablePointer<peach_plugin_entry>.allocate(capacity: 1)
    table.initialize(to: peach_plugin_entry(
        struct_size: UInt32(MemoryLayout<peach_plugin_entry>.size),
        abi_major: UInt16(PEACH_ABI_MAJOR),
        abi_minor: UInt16(PEACH_ABI_MINOR),
        source_count: { 1 },
        get_source: { index in index == 0 ? UnsafePointer(descriptor) : nil },
        // Opens the sequencer briefly, to learn whether there is one and which
        // destinations it has; claims nothing. Without a sequencer the source
        // cannot be made, and the reason is what the host lists.
        create: { id, host, errorBuffer, capacity in
            func refuse(_ reason: String) -> UnsafeMutablePointer<peach_source_instance>? {
                if let errorBuffer { peach_copy_text(errorBuffer, Int(capacity), reason) }
                return nil
            }
            guard let id, String(cString: id) == MidiOutInstance.sourceID else {
                return refuse("this library offers only \(MidiOutInstance.sourceID)")
            }
            do throws(SequencerError) {
                return MidiOutInstance.makeTable(host: host, destinations: try SequencerClient.destinationsNow())
            } catch {
                return refuse(error.description)
            }
        }))
    return table
}()
