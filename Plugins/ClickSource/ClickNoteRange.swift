import Glibc
import PeachPluginAPI

/// The Clicks source's `peach.note-range/1`: from the lowest key with a click
/// to the highest (33, Metronome Click, to 77, Low Wood Block), each key taking
/// the half semitone either side of it. The host refuses a note outside
/// before it is scheduled; a key inside without a click is refused by the
/// source as it comes (`ClickRefusals`).
enum ClickNoteRange {
    static let lowestKey = ClickSound.allCases.map(\.key).min()!
    static let highestKey = ClickSound.allCases.map(\.key).max()!

    /// One table for every instance, never freed (the library is never unloaded).
    nonisolated(unsafe) static let table: UnsafePointer<peach_note_range_ext> = {
        let table = UnsafeMutablePointer<peach_note_range_ext>.allocate(capacity: 1)
        table.initialize(to: peach_note_range_ext(
            struct_size: UInt32(MemoryLayout<peach_note_range_ext>.size), reserved: 0,
            get_range: { _, lowest, highest in
                guard let lowest, let highest else { return PEACH_ERR_INVALID_ARGUMENT }
                lowest.pointee = ClickNoteRange.frequency(ofKey: Double(ClickNoteRange.lowestKey) - 0.5)
                highest.pointee = ClickNoteRange.frequency(ofKey: Double(ClickNoteRange.highestKey) + 0.5)
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

    /// [audio-thread] The nearest MIDI key to `frequency` (> 0), within 0...127: how the source hears a note.
    static func key(of frequency: Double) -> Int {
        Int(min(max((69 + 12 * log2(frequency / 440)).rounded(), 0), 127))
    }
}
