/// Why a bridged source stopped: what the host saw of its bridge process.
/// Stored by the render thread as a number, worded on the main thread.
enum BridgeFailure: UInt8 {
    case none = 0
    /// The bridge process ended (a crash in the plugin, or killed).
    case ended
    /// `process` did not answer within the deadline; the bridge process was killed.
    case timedOut
    /// The block asked for more frames, channels or events than the shared block holds.
    case blockTooLarge
}
