import Glibc
import PeachPluginAPI

/// The FluidSynth source's `peach.note-range/1`: the frequencies its current
/// font and program play in tune, from the lowest key whose pitch the
/// calibration could measure to the highest (each key plays the half
/// semitone either side of it). Asking may load the font and measure the
/// program, once. Keys inside the range without a pitch are still refused
/// as they come (a hole, such as a drum kit's gaps).
enum FluidNoteRange {
    /// One table for every instance, never freed (the library is never unloaded).
    nonisolated(unsafe) static let table: UnsafePointer<peach_note_range_ext> = {
        let table = UnsafeMutablePointer<peach_note_range_ext>.allocate(capacity: 1)
        table.initialize(to: peach_note_range_ext(
            struct_size: UInt32(MemoryLayout<peach_note_range_ext>.size), reserved: 0,
            get_range: { instance, lowest, highest in
                guard let lowest, let highest else { return PEACH_ERR_INVALID_ARGUMENT }
                return FluidInstance.from(instance).noteRange(lowest, highest)
            }))
        return UnsafePointer(table)
    }()


    /// The range of keys with a measured pitch among `offsets` (128 of them), as frequencies; nil if none has one.
    static func frequencies(keyOffsets offsets: UnsafePointer<Double>) -> ClosedRange<Double>? {
        guard let low = (0..<128).first(where: { !offsets[$0].isNaN }), let high = (0..<128).last(where: { !offsets[$0].isNaN }) else { return nil }
        func frequency(_ semitones: Double) -> Double { 440 * pow(2, (semitones - 69) / 12) }
        return frequency(Double(low) - 0.5)...frequency(Double(high) + 0.5)
    }
}
