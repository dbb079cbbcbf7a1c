import Glibc
import PeachPluginAPI

/// The Sample source's `peach.note-range/1`: every MIDI key, 0 to 127, each
/// taking the half semitone either side of it. A note's key only chooses
/// the accent sound or the normal one; the sample always plays at its own pitch.
enum SampleNoteRange {
    /// One table for every instance, never freed (the library is never unloaded).
    nonisolated(unsafe) static let table: UnsafePointer<peach_note_range_ext> = {
        let table = UnsafeMutablePointer<peach_note_range_ext>.allocate(capacity: 1)
        table.initialize(to: peach_note_range_ext(
            struct_size: UInt32(MemoryLayout<peach_note_range_ext>.size), reserved: 0,
            get_range: { _, lowest, highest in
                guard let lowest, let highest else { return PEACH_ERR_INVALID_ARGUMENT }
                lowest.pointee = SampleNoteRange.frequency(ofKey: -0.5)
                highest.pointee = SampleNoteRange.frequency(ofKey: 127.5)
                return PEACH_OK
            }))
        return UnsafePointer(table)
    }()

    /// [thread-safe] The instance's get_extension.
    static func lookup(_ id: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
        guard let id, strcmp(id, PEACH_EXT_NOTE_RANGE) == 0 else { return nil }
        return UnsafeRawPointer(table)
    }

    /// The frequency of a (fractional) MIDI key, A4 = key 69 = 440 Hz.
    static func frequency(ofKey key: Double) -> Double { 440 * pow(2, (key - 69) / 12) }

    /// [audio-thread] The nearest MIDI key to `frequency` (> 0).
    static func key(of frequency: Double) -> Int {
        Int(min(max((69 + 12 * log2(frequency / 440)).rounded(), 0), 127))
    }

    /// [audio-thread] The metronome's accent keys: Metronome Bell (34), Open Hi-Hat (46), Hi Wood Block (76).
    static func isAccent(key: Int) -> Bool { key == 34 || key == 46 || key == 76 }
}
