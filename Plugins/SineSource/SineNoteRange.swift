import Glibc
import PeachPluginAPI

/// The Sine's `peach.note-range/1`: a sine is exact at any frequency, so the
/// range is what people hear, not a limit of the sound (the host refuses a
/// note outside it before playing).
enum SineNoteRange {
    static let lowestHz = 8.0
    static let highestHz = 20_000.0

    /// One table for every instance, never freed (the library is never unloaded).
    nonisolated(unsafe) static let table: UnsafePointer<peach_note_range_ext> = {
        let table = UnsafeMutablePointer<peach_note_range_ext>.allocate(capacity: 1)
        table.initialize(to: peach_note_range_ext(
            struct_size: UInt32(MemoryLayout<peach_note_range_ext>.size), reserved: 0,
            get_range: { _, lowest, highest in
                guard let lowest, let highest else { return PEACH_ERR_INVALID_ARGUMENT }
                lowest.pointee = SineNoteRange.lowestHz
                highest.pointee = SineNoteRange.highestHz
                return PEACH_OK
            }))
        return UnsafePointer(table)
    }()

    /// [thread-safe] The instance's get_extension.
    static func lookup(_ id: UnsafePointer<CChar>?) -> UnsafeRawPointer? {
        guard let id, strcmp(id, PEACH_EXT_NOTE_RANGE) == 0 else { return nil }
        return UnsafeRawPointer(table)
    }
}
