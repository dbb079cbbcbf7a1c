/// What the host saw of a bridge process that failed, for the words the edge makes.
public enum BridgeFault: Codable, Hashable, Sendable {
    /// The bridge process ended (a crash in the plugin, or killed).
    case ended(BridgeExit)
    /// `process` did not answer within `milliseconds`; the bridge process was killed.
    case timedOut(milliseconds: Int)
    /// The block asked for more than the shared block holds.
    case blockTooLarge(frames: Int, channels: Int, events: Int)
}

/// How a bridge process ended.
public enum BridgeExit: Codable, Hashable, Sendable {
    case signal(Int32)
    case status(Int32)
    /// It did not end by itself and was killed.
    case killed
}
