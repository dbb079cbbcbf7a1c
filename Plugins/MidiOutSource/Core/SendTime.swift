/// When a message leaves for the instrument.
public enum SendTime: Equatable, Sendable {
    /// At once: the host gave no presentation time for the block.
    case now
    /// At this many nanoseconds on the sequencer queue's clock, which the kernel keeps.
    case queued(nanoseconds: Int64)
}
