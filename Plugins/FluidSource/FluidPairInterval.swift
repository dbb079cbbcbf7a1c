import Glibc
import PeachPluginAPI

/// The FluidSynth source's `peach.pair-interval/1`: the pair check of the
/// font and program set now (`PairCheck`), measured with the calibration on
/// the program's first use. Asking may load the font and measure, once.
enum FluidPairInterval {
    /// One table for every instance, never freed (the library is never unloaded).
    nonisolated(unsafe) static let table: UnsafePointer<peach_pair_interval_ext> = {
        let table = UnsafeMutablePointer<peach_pair_interval_ext>.allocate(capacity: 1)
        table.initialize(to: peach_pair_interval_ext(
            struct_size: UInt32(MemoryLayout<peach_pair_interval_ext>.size), reserved: 0,
            get_worst_error: { instance, worst, first, asked in
                guard let worst, let first, let asked else { return PEACH_ERR_INVALID_ARGUMENT }
                return FluidInstance.from(instance).pairInterval(worst, first, asked)
            }))
        return UnsafePointer(table)
    }()
}
