/// Something the audio thread reports to the main thread. Plain values only:
/// the audio thread cannot build strings (`PeachMessages` words them).
public enum EngineNotice: BitwiseCopyable, Equatable, Sendable {
    /// The source returned PEACH_PROCESS_ERROR; it is silenced until replaced.
    case sourceFailed(atFrame: Int64)
    /// The source produced NaN or infinite samples; it is silenced until replaced.
    case sourceProducedInvalidSamples(atFrame: Int64)
    /// The source wrote outside the buffer it was given (the guard values
    /// around it changed); it is silenced until replaced.
    case sourceOverran(atFrame: Int64)
    /// The source rendered exact zeros for the first `milliseconds` of a note
    /// it accepted (`frequency` Hz, starting at `noteFrame`): a note nobody
    /// hears. It is silenced until replaced, so no silent pair counts.
    case sourceSilent(frequency: Double, noteFrame: Int64, milliseconds: Int32)
    /// The device went away (e.g. a USB interface unplugged); rendering stopped.
    case deviceLost(errno: Int32)
    /// Writing to the device failed for another reason; rendering stopped.
    case outputFailed(errno: Int32)
    /// The device ran dry and was restarted; there was a short gap.
    case underrun(atFrame: Int64)
    /// Events arrived after their frame had already been rendered; they played late.
    case lateEvents(count: Int32, atFrame: Int64)
    /// A source swap finished: the new source renders from this frame on.
    case sourceSwapped(atFrame: Int64)
    /// The input overran (audio was lost before this block) and was restarted.
    case inputOverrun(atFrame: Int64)
    /// The input has no more audio (a file ended): nothing is captured from this frame on.
    case inputEnded(atFrame: Int64)
    /// The source would not play a note and said why (ABI 1.1's NOTE_REFUSED;
    /// `AudioEngine.refusals` holds its words).
    case noteRefused(noteID: Int32, reason: UInt32, frequency: Double)
    /// The capture device went away; capturing stopped, playing goes on.
    case inputLost(errno: Int32)
    /// Reading the input failed for another reason; capturing stopped, playing goes on.
    case inputFailed(errno: Int32)

    /// Whether rendering has stopped for good.
    public var endsRendering: Bool {
        switch self {
        case .deviceLost, .outputFailed: true
        default: false
        }
    }

    /// Whether the source was silenced for failing.
    public var silencedSource: Bool {
        switch self {
        case .sourceFailed, .sourceProducedInvalidSamples, .sourceOverran, .sourceSilent: true
        default: false
        }
    }

    /// Whether the source itself reported the failure, so its `last_error` says why.
    public var reportedBySource: Bool {
        if case .sourceFailed = self { true } else { false }
    }
}
